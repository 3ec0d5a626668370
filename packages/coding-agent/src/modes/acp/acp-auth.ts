// `authenticate` (ACP): the subscription sign-ins of pi, through the same flows as `pi auth login`
// and /login. The address or device code goes to the editor as a `_pi/sign_in` notification (the
// editor opens it); the request answers once the credential is stored.
import { join } from "node:path";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { adoptSignedInModel } from "../../core/auth/adopt-signed-in-model.js";
import { type ConfiguredSignIns, type SignInEvent, signIn } from "../../core/auth/sign-in.js";
import { AuthStorage } from "../../core/config/auth-storage.js";
import { readConfiguredSignIns } from "../../core/models/configured-sign-ins.js";
import { PiUserError } from "../../core/user-error.js";
import { ENV_AUTH_METHOD_ID, parseSignInMethodId, TERMINAL_AUTH_METHOD_ID } from "./acp-initialize.js";

/** What `authenticate` needs from the agent. */
export interface AcpAuthenticateContext {
	agentDir: string;
	/** Aborts on the editor's `$/cancel_request` or a closed connection: the sign-in stops. */
	signal?: AbortSignal;
	/** Sends `_pi/sign_in` to the editor. */
	notify(params: { methodId: string } & SignInEvent): void;
	/** The open sessions: one without a model starts using the provider signed in to. */
	runtimes(): AgentSessionRuntime[];
}

/** Runs the sign-in of `methodId` (`sign-in:<provider>[:<method>]`); `env` and `pi-auth` need nothing. */
export async function authenticate(methodId: string, context: AcpAuthenticateContext): Promise<void> {
	const parsed = parseSignInMethodId(methodId);
	if (!parsed) {
		// Nothing to run: the key is in the environment, or the editor ran `pi auth` in a terminal
		// (ACP says it must not then call authenticate; one that does is answered, not failed).
		if (methodId === ENV_AUTH_METHOD_ID || methodId === TERMINAL_AUTH_METHOD_ID) return;
		throw new PiUserError("unknown_auth_method", `Unknown authentication method: ${methodId}`);
	}
	if (parsed.method === "paste")
		throw new PiUserError(
			"unsupported_method",
			`A pasted code cannot be sent through authenticate; run \`pi auth login ${parsed.provider} --method paste\` in a terminal`,
		);
	const storage = new AuthStorage(join(context.agentDir, "auth.json"));
	// models.json's gateways (`"oauth": "radius"`): an open session's runtime knows them, and before
	// any session models.json is read as `initialize` read it.
	const configured: ConfiguredSignIns = context.runtimes()[0]?.session.modelRuntime ?? {
		getConfiguredSignIns: () => readConfiguredSignIns(context.agentDir),
	};
	await signIn(
		storage,
		parsed.provider,
		{ signal: context.signal, onEvent: (event) => context.notify({ methodId, ...event }) },
		{ modelRuntime: configured, ...(parsed.method ? { method: parsed.method } : {}) },
	);
	for (const runtime of context.runtimes()) await adoptSignedInModel(runtime.session, parsed.provider);
}

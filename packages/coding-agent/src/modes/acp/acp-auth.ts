// `authenticate` (ACP): the subscription sign-ins of pi, through the same flows as `pi auth login`
// and /login. The address or device code goes to the editor as a `_pi/sign_in` notification (the
// editor opens it); the request answers once the credential is stored.
import { join } from "node:path";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { adoptSignedInModel } from "../../core/auth/adopt-signed-in-model.js";
import { type SignInEvent, signIn } from "../../core/auth/sign-in.js";
import { AuthStorage } from "../../core/config/auth-storage.js";
import { PiUserError } from "../../core/user-error.js";
import { SIGN_IN_METHOD_PREFIX } from "./acp-initialize.js";

/** What `authenticate` needs from the agent. */
export interface AcpAuthenticateContext {
	agentDir: string;
	/** Sends `_pi/sign_in` to the editor. */
	notify(params: { methodId: string } & SignInEvent): void;
	/** The open sessions: one without a model starts using the provider signed in to. */
	runtimes(): AgentSessionRuntime[];
}

/** Runs the sign-in of `methodId`; `env` and the terminal method need nothing from pi here. */
export async function authenticate(methodId: string, context: AcpAuthenticateContext): Promise<void> {
	if (!methodId.startsWith(SIGN_IN_METHOD_PREFIX)) {
		if (methodId === "env" || methodId === "pi-auth") return;
		throw new PiUserError("unknown_auth_method", `Unknown authentication method: ${methodId}`);
	}
	const provider = methodId.slice(SIGN_IN_METHOD_PREFIX.length);
	const storage = new AuthStorage(join(context.agentDir, "auth.json"));
	// An open session's models know the models.json gateways (`"oauth": "radius"`) too.
	const modelRuntime = context.runtimes()[0]?.session.modelRuntime;
	await signIn(storage, provider, { onEvent: (event) => context.notify({ methodId, ...event }) }, { modelRuntime });
	for (const runtime of context.runtimes()) await adoptSignedInModel(runtime.session, provider);
}

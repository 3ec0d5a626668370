// Sign-in over RPC (docs/rpc.md "Sign-in"): `login_start` answers with a login id at once; the
// address or device code, progress and the outcome follow as `login_*` events; `login_input`
// carries a pasted answer, `login_cancel` stops it. Tokens never go on the wire.

import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import { adoptSignedInModel } from "../../core/auth/adopt-signed-in-model.js";
import { type SignInEvent, signIn } from "../../core/auth/sign-in.js";
import type { RpcCommandOf } from "./rpc-command-schemas.js";
import type { RpcLoginEvent } from "./rpc-types.js";

interface ActiveLogin {
	provider: string;
	controller: AbortController;
	/** Set while the flow waits for a pasted answer. */
	awaitingInput?: (input: string) => void;
	/** A `login_input` that arrived before the flow asked for it. */
	earlyInput?: string;
}

/** The sign-ins an RPC server is running, by login id. */
export class RpcLogins {
	private readonly active = new Map<string, ActiveLogin>();
	private nextId = 1;

	constructor(private readonly emit: (event: RpcLoginEvent) => void) {}

	start(command: RpcCommandOf<"login_start">, runtime: AgentSessionRuntime): { loginId: string } {
		const loginId = `login-${this.nextId++}`;
		const login: ActiveLogin = { provider: command.provider, controller: new AbortController() };
		this.active.set(loginId, login);
		const base = { loginId, provider: command.provider };
		const onEvent = (event: SignInEvent): void => {
			switch (event.type) {
				case "auth_url":
					this.emit({ type: "login_url", ...base, url: event.url, instructions: event.instructions });
					return;
				case "device_code":
					this.emit({
						type: "login_device_code",
						...base,
						userCode: event.userCode,
						verificationUri: event.verificationUri,
						expiresInSeconds: event.expiresInSeconds,
					});
					return;
				case "progress":
					this.emit({ type: "login_progress", ...base, message: event.message });
					return;
			}
		};
		const readManualInput = (prompt: string): Promise<string> => {
			if (login.earlyInput !== undefined) return Promise.resolve(login.earlyInput);
			this.emit({ type: "login_input_wanted", ...base, prompt });
			return new Promise((resolve) => {
				login.awaitingInput = resolve;
			});
		};
		// After the response: the caller learns the id before any event names it.
		queueMicrotask(() => {
			void signIn(
				runtime.session.modelRuntime.authStorage,
				command.provider,
				{ signal: login.controller.signal, onEvent, readManualInput },
				{ method: command.method, modelRuntime: runtime.session.modelRuntime },
			)
				.then(async () => {
					const model = await adoptSignedInModel(runtime.session, command.provider);
					this.emit({ type: "login_end", ...base, success: true, ...(model ? { model } : {}) });
				})
				.catch((error: unknown) => {
					this.emit({
						type: "login_end",
						...base,
						success: false,
						error: error instanceof Error ? error.message : String(error),
					});
				})
				.finally(() => this.active.delete(loginId));
		});
		return { loginId };
	}

	input(command: RpcCommandOf<"login_input">): void {
		const login = this.get(command.loginId);
		if (login.awaitingInput) login.awaitingInput(command.input);
		else login.earlyInput = command.input;
	}

	cancel(command: RpcCommandOf<"login_cancel">): void {
		this.get(command.loginId).controller.abort();
	}

	/** Stops every running sign-in (the server is shutting down). */
	cancelAll(): void {
		for (const login of this.active.values()) login.controller.abort();
	}

	private get(loginId: string): ActiveLogin {
		const login = this.active.get(loginId);
		if (!login) throw new Error(`No sign-in is running with id ${loginId}`);
		return login;
	}
}

// The per-test setup every tmux e2e file shares: a temp pi environment, an llm-mock behind the
// anthropic-messages provider, and panes killed (pi gone) before the environment is removed.
import { afterEach, beforeEach } from "vitest";
import { TmuxPi, type TmuxPiOptions } from "./interactive-tmux.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

export interface TmuxSession {
	/** This test's environment (a new one per test). */
	readonly env: PiTestEnv;
	/** This test's mock (a new one per test). */
	readonly mock: MockLlm;
	/** Starts pi in a new pane with `paneDefaults` overridden by `options`. */
	start(args?: string[], options?: TmuxPiOptions): TmuxPi;
}

/** Registers the hooks in the calling `describe`; read `env` and `mock` inside tests and hooks only. */
export function useTmuxSession(paneDefaults: TmuxPiOptions = {}): TmuxSession {
	let env: PiTestEnv | undefined;
	let mock: MockLlm | undefined;
	const panes: TmuxPi[] = [];

	beforeEach(async () => {
		env = createPiTestEnv();
		mock = await startMock();
		useMockProvider(env, mock, "anthropic-messages");
	});

	afterEach(async () => {
		for (const pane of panes.splice(0)) pane.kill();
		await mock?.close();
		env?.cleanup();
		env = undefined;
		mock = undefined;
	});

	const current = <T>(value: T | undefined, name: string): T => {
		if (value === undefined) throw new Error(`the tmux session's ${name} exists only inside a test`);
		return value;
	};
	return {
		get env() {
			return current(env, "env");
		},
		get mock() {
			return current(mock, "mock");
		},
		start(args = [], options = {}) {
			const pane = new TmuxPi(current(env, "env"), args, { ...paneDefaults, ...options });
			panes.push(pane);
			return pane;
		},
	};
}

// `pi auth set <provider>` at a terminal (configuration.md §4, `pi auth`): the key is asked for
// without echo, stored, and the terminal is left in the mode it was in.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("pi auth hidden prompt e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi auth set at a terminal (tmux)", () => {
	const session = useTmuxSession();
	const SECRET = "sk-ant-typed-never-shown-4242";

	it("asks for the key without echo, stores it, and restores the terminal", async () => {
		const pi = session.start(["auth", "set", "anthropic"]);
		await pi.waitFor("API key for anthropic:");
		pi.type(SECRET.slice(0, 10));
		pi.keys("BSpace");
		pi.type(SECRET.slice(9));
		pi.keys("Enter");
		await pi.waitFor("PI_EXITED 0");
		expect(pi.history()).not.toContain("typed-never");
		const stored = JSON.parse(readFileSync(join(session.env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ type: string; key: string }
		>;
		expect(stored.anthropic).toEqual({ type: "api_key", key: SECRET });
		const tty = pi.ttyStates();
		expect(tty.after).toBe(tty.before);
	});

	it("Ctrl+C at the prompt stores nothing and exits non-zero", async () => {
		const pi = session.start(["auth", "set", "anthropic"]);
		await pi.waitFor("API key for anthropic:");
		pi.type("sk-partial");
		pi.keys("C-c");
		const screen = await pi.waitFor(/PI_EXITED [1-9]/);
		expect(screen).not.toContain("sk-partial");
		expect(() => readFileSync(join(session.env.agentDir, "auth.json"), "utf8")).toThrow();
		const tty = pi.ttyStates();
		expect(tty.after).toBe(tty.before);
	});
});

// Extensions' renderers in the real terminal UI (tmux), through the built `pi -e`: the shipped
// examples status-notes.ts (message and entry renderers), audited-read.ts (a tool definition's
// renderCall/renderResult) and tool-badges.ts (a renderer resolver for the built-in bash, and a
// Markdown transformer). Ctrl+O asks the renderers again with `expanded`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const EXAMPLES = fileURLToPath(new URL("../../../packages/coding-agent/examples/extensions/", import.meta.url));
const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("extension renderer TUI e2e tests skipped: tmux is not installed");

const call = (name: string, args: Record<string, unknown>, id: string) => ({
	type: "reply" as const,
	blocks: [{ type: "toolCall" as const, name, arguments: args, id }],
});
const text = (value: string) => ({ type: "reply" as const, blocks: [{ type: "text" as const, text: value }] });

describe.skipIf(!tmuxAvailable)("extension renderers in the terminal UI (tmux)", () => {
	const session = useTmuxSession({ columns: 100, rows: 50 });

	it("message and entry renderers draw /note's message and entry; Ctrl+O expands the message", async () => {
		const pi = session.start(["-e", join(EXAMPLES, "status-notes.ts")]);
		await pi.waitFor("mock-model");
		pi.type("/note ship it");
		pi.keys("Enter");
		const screen = await pi.waitFor((value) => value.includes("✎ note ship it") && value.includes("logged: ship it"));
		// The default look of a custom message is not used.
		expect(screen).not.toContain("Note: ship it");
		pi.keys("C-o");
		await pi.waitFor(/✎ note ship it \(\d{4}-/);
	});

	it("a tool definition's renderers and a resolver for bash draw the rows; a Markdown transformer rewrites the reply", async () => {
		writeFileSync(join(session.env.cwd, "notes.txt"), "one\ntwo\nthree");
		session.mock.enqueue(call("read", { path: "notes.txt" }, "r1"));
		session.mock.enqueue(call("bash", { command: "printf 'a\\nb\\n'" }, "b1"));
		session.mock.enqueue(text("all done :ok:"));
		const pi = session.start(["-e", join(EXAMPLES, "audited-read.ts"), "-e", join(EXAMPLES, "tool-badges.ts")]);
		await pi.waitFor("mock-model");
		pi.type("look");
		pi.keys("Enter");
		const screen = await pi.waitFor("all done ✓");
		expect(screen).toMatch(/read notes\.txt\n\s*3 lines/);
		expect(screen).toContain("⚙ printf 'a\\nb\\n'");
		expect(screen).toContain("ok · 2 lines");
		expect(screen).not.toContain(":ok:");
		pi.keys("C-o");
		const expanded = await pi.waitFor((value) => value.includes("three") && /ok\n\s*a\n\s*b/.test(value));
		expect(expanded).toContain("one");
	});
});

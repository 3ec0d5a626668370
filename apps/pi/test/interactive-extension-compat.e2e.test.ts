// pi 1.4's terminal UI details extensions and their users rely on, in a real pane (tmux):
// Ctrl+O's "Tool output: expanded/collapsed" line, and the numbered name of extension commands
// that take a built-in command's name.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive extension compatibility e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi 1.4's terminal UI details (tmux)", () => {
	const session = useTmuxSession({ columns: 200, rows: 50 });

	it("Ctrl+O says whether tool output is expanded, on one line rewritten in place", async () => {
		const pi = session.start();
		await pi.waitFor("mock-model");
		pi.keys("C-o");
		await pi.waitFor("Tool output: expanded");
		pi.keys("C-o");
		const screen = await pi.waitFor("Tool output: collapsed");
		expect(screen).not.toContain("Tool output: expanded");
	});

	it("two extensions' /model: the warning gives /model:1 and /model:2, which run them", async () => {
		const write = (name: string) => {
			const path = join(session.env.root, `${name}.js`);
			writeFileSync(
				path,
				`export default function (pi) {
	pi.registerCommand("model", { description: "${name}'s model", handler: async (_args, ctx) => ctx.ui.notify("ran ${name}", "info") });
}
`,
			);
			return path;
		};
		const pi = session.start(["-e", write("first"), "-e", write("second")]);
		const header = await pi.waitFor("mock-model");
		expect(header).toMatch(
			/Extension command "\/model" of \S*first\.js has the name of a built-in command: here the built-in runs; run the extension's as "\/model:1"/,
		);
		expect(header).toContain(`run the extension's as "/model:2"`);
		pi.type("/model:2");
		pi.keys("Enter");
		await pi.waitFor("ran second");
	});
});

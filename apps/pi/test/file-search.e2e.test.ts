// The editor's `@` file search in the real terminal UI: the project as git sees it (nested
// .gitignore files, .git/info/exclude), and choosing a file inserts its reference.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("@ file search e2e tests skipped: tmux is not installed");

const PROJECT: Record<string, string> = {
	".git/HEAD": "ref: refs/heads/main\n",
	".git/info/exclude": "scratch-notes.md\n",
	".gitignore": "dist/\n",
	"scratch-notes.md": "",
	"scratch-kept.md": "",
	"dist/widget-bundle.js": "",
	"packages/ui/.gitignore": "widget-generated.ts\n",
	"packages/ui/widget-generated.ts": "",
	"packages/ui/src/widget-button.ts": "",
	"packages/ui/sub/.gitignore": "!dist/\n",
	"packages/ui/sub/dist/widget-kept.js": "",
};

describe.skipIf(!tmuxAvailable)("pi interactive @ file search (tmux)", () => {
	const session = useTmuxSession({ columns: 120, rows: 30 });
	const start = session.start;

	beforeEach(() => {
		for (const [path, content] of Object.entries(PROJECT)) {
			mkdirSync(dirname(join(session.env.cwd, path)), { recursive: true });
			writeFileSync(join(session.env.cwd, path), content);
		}
	});

	it("offers the files git would list and inserts the chosen one", async () => {
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("look at @widget");
		const screen = await pi.waitFor((text) => text.includes("widget-button.ts") && text.includes("widget-kept.js"));
		for (const hidden of ["widget-bundle.js", "widget-generated.ts"]) expect(screen).not.toContain(hidden);
		pi.keys("Escape");
		// Typed right after it, a space would read as Alt+Space: wait for the list to close.
		await pi.waitFor((text) => !text.includes("widget-button.ts"));
		pi.type(" @scratch");
		const second = await pi.waitFor("scratch-kept.md");
		expect(second).not.toContain("scratch-notes.md");
		pi.keys("Tab");
		await pi.waitFor("look at @widget @scratch-kept.md");
		// Quit before the temp dirs go (a killed pi may still be writing its files).
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		pi.keys("C-c");
		await pi.waitFor("PI_EXITED 0");
	});
});

// The editor's `@` file search in the real terminal UI: the project as git sees it (nested
// .gitignore files, .git/info/exclude), and choosing a file inserts its reference.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasTmux, TmuxPi } from "./interactive-tmux.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

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
	let env: PiTestEnv;
	let mock: MockLlm;
	const panes: TmuxPi[] = [];

	beforeEach(async () => {
		env = createPiTestEnv();
		mock = await startMock();
		useMockProvider(env, mock, "anthropic-messages");
		for (const [path, content] of Object.entries(PROJECT)) {
			mkdirSync(dirname(join(env.cwd, path)), { recursive: true });
			writeFileSync(join(env.cwd, path), content);
		}
	});

	afterEach(async () => {
		for (const pane of panes.splice(0)) pane.kill();
		await mock.close();
		env.cleanup();
	});

	it("offers the files git would list and inserts the chosen one", async () => {
		const pi = new TmuxPi(env, [], { columns: 120, rows: 30 });
		panes.push(pi);
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

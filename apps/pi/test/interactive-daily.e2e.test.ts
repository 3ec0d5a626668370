// What a daily pi user reaches for, in the real binary in a real pseudo-terminal (tmux): the git
// branch in the footer, tool times, /copy, /name and /session, /export as JSONL, /thinking,
// /scoped-models, /trust, Alt+Up, /import, the session picker's keys, /changelog, fullscreen
// scrolling with the mouse wheel, find and prompt jumps, and Ctrl+Z with a resume.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type TmuxPi } from "./interactive-tmux.js";
import { MOCK_MODEL, MOCK_PROVIDER } from "./support/index.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive daily e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi interactive daily keys and commands (tmux)", () => {
	const session = useTmuxSession({ columns: 120, rows: 40 });

	function reply(text: string, extra: Record<string, unknown> = {}): void {
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text }], ...extra });
	}

	async function command(pi: TmuxPi, text: string, expected: string): Promise<string> {
		pi.type(text);
		// The command menu may be open: Enter on a command name runs it.
		pi.keys("Enter");
		return pi.waitFor(expected);
	}

	function settings(): Record<string, unknown> {
		return JSON.parse(readFileSync(join(session.env.agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
	}

	function useSettings(extra: Record<string, unknown>): void {
		session.env.writeSettings({ defaultProvider: MOCK_PROVIDER, defaultModel: MOCK_MODEL, ...extra });
	}

	it("the footer shows the git branch and follows a switch; a tool run shows Took", async () => {
		const gitDir = join(session.env.cwd, ".git");
		mkdirSync(gitDir);
		writeFileSync(join(gitDir, "HEAD"), "ref: refs/heads/main\n");
		session.mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", name: "bash", arguments: { command: "sleep 0.3; echo tool-output" } }],
		});
		reply("tool done");
		const pi = session.start();
		await pi.waitFor("(main)");
		writeFileSync(join(gitDir, "HEAD"), "ref: refs/heads/feature-x\n");
		await pi.waitFor("(feature-x)");
		pi.type("run a tool");
		pi.keys("Enter");
		const screen = await pi.waitFor("tool done");
		expect(screen).toMatch(/Took \d+\.\ds/);
		await command(pi, "/quit", "PI_EXITED 0");
		// The session file keeps the duration where pi 1.4 puts it, and `-c` shows Took from it.
		const sessionsDir = join(session.env.agentDir, "sessions");
		const [folder] = readdirSync(sessionsDir);
		const [file] = readdirSync(join(sessionsDir, folder ?? ""));
		const lines = readFileSync(join(sessionsDir, folder ?? "", file ?? ""), "utf8")
			.trim()
			.split("\n");
		const stored = lines.map((line) => JSON.parse(line)).find((entry) => entry.message?.role === "toolResult");
		const keys = Object.keys(stored.message);
		expect(keys.indexOf("durationMs")).toBe(keys.indexOf("timestamp") - 1);
		expect(stored.message.durationMs).toBeGreaterThanOrEqual(300);
		const took = `Took ${(stored.message.durationMs / 1000).toFixed(1)}s`;
		const resumed = session.start(["-c"]);
		expect(await resumed.waitFor("tool done")).toContain(took);
	});

	it("/name, /session, /copy (OSC 52 into tmux's buffer) and Ctrl+X", async () => {
		reply("copy this answer");
		const pi = session.start();
		pi.run("set-option", "-g", "set-clipboard", "on");
		await pi.waitFor(MOCK_MODEL);
		await command(pi, "/name", "Usage: /name <name>");
		await command(pi, "/name daily-work", "Session name set: daily-work");
		await pi.waitFor("• daily-work");
		await command(pi, "/name", "Session name: daily-work");
		pi.type("hello");
		pi.keys("Enter");
		await pi.waitFor("copy this answer");
		const info = await command(pi, "/session", "Session Info");
		for (const text of ["Name: daily-work", "ID:", "User: 1", "Assistant: 1", "Tokens"]) expect(info).toContain(text);
		await command(pi, "/copy", "Copied last agent message to clipboard");
		expect(pi.run("show-buffer")).toBe("copy this answer");
		pi.run("delete-buffer");
		pi.keys("C-x");
		await pi.waitFor(() => pi.run("list-buffers").includes("copy this answer"));
	});

	it("/export x.jsonl writes JSONL; /import asks and resumes the file; /changelog answers without the model", async () => {
		reply("exported answer");
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		pi.type("export me");
		pi.keys("Enter");
		await pi.waitFor("exported answer");
		await command(pi, "/export saved.jsonl", "Session exported to:");
		const file = join(session.env.cwd, "saved.jsonl");
		const lines = readFileSync(file, "utf8").trim().split("\n");
		expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ type: "session" });
		await command(pi, "/new", "New session started");
		await pi.waitFor((screen) => !screen.includes("exported answer"));
		await command(pi, "/import saved.jsonl", "Replace current session with saved.jsonl?");
		pi.keys("Enter");
		await pi.waitFor("Session imported from: saved.jsonl");
		await pi.waitFor("exported answer");
		await command(pi, "/changelog", "## 0.1.0");
		expect(pi.screen()).toContain("/changelog` shows this file");
		expect(session.mock.requests.filter((request) => request.api === "anthropic-messages")).toHaveLength(1);
	});

	it("/thinking (session only, Ctrl+S saves), /scoped-models (saved with Ctrl+S) and /trust", async () => {
		session.env.writeModelsJson({
			providers: {
				[MOCK_PROVIDER]: {
					baseUrl: session.mock.url,
					api: "anthropic-messages",
					apiKey: "test-key",
					models: [{ id: MOCK_MODEL, reasoning: true }, { id: "second-model" }],
				},
			},
		});
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		await command(pi, "/thinking", "Thinking Level");
		pi.keys("Down", "Enter");
		await pi.waitFor("Thinking level:");
		expect(settings().defaultThinkingLevel).toBeUndefined();
		await command(pi, "/thinking", "Thinking Level");
		// Typing filters the levels (the best match highlighted); Ctrl+S saves it as the default.
		pi.type("deep");
		await pi.waitFor((screen) => screen.includes("Search: deep") && !screen.includes("Moderate reasoning"));
		pi.keys("C-s");
		await pi.waitFor("Default thinking level: high");
		expect(settings().defaultThinkingLevel).toBe("high");
		await command(pi, "/scoped-models", "all enabled");
		pi.keys("Enter");
		await pi.waitFor("1/2 enabled (unsaved)");
		pi.keys("C-s");
		await pi.waitFor("Model selection saved to settings");
		expect(settings().enabledModels).toEqual([`${MOCK_PROVIDER}/second-model`]);
		pi.keys("Escape");
		await pi.waitFor((screen) => !screen.includes("Model Configuration"));
		await command(pi, "/trust", "Project trust");
		pi.keys("Enter");
		await pi.waitFor("Saved trust decision: trusted");
		const trust = JSON.parse(readFileSync(join(session.env.agentDir, "trust.json"), "utf8")) as Record<string, unknown>;
		expect(Object.values(trust)).toContain(true);
	});

	it("Ctrl+G edits the prompt in $EDITOR, in fullscreen too, and pi takes the terminal back", async () => {
		useSettings({ tuiMode: "fullscreen" });
		const editor = join(session.env.root, "fake-editor.sh");
		writeFileSync(editor, `#!/bin/sh\nprintf 'written by the editor' > "$1"\n`, { mode: 0o755 });
		const pi = session.start([], { extraEnv: { EDITOR: editor } });
		await pi.waitFor(MOCK_MODEL);
		pi.type("draft");
		pi.keys("C-g");
		await pi.waitFor("written by the editor");
		expect(pi.format("alternate_on")).toBe("1");
		expect(pi.format("mouse_any_flag")).toBe("1");
	});

	it("Alt+Up takes the queued messages back into the editor", async () => {
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "slow ".repeat(60) }], chunkDelayMs: 100 });
		reply("after");
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		pi.type("start slowly");
		pi.keys("Enter");
		await pi.waitFor("Working");
		pi.type("queued one");
		pi.keys("Enter");
		await pi.waitFor("to edit all queued messages");
		pi.keys("M-Up");
		await pi.waitFor("Restored 1 queued message to editor");
		await pi.waitFor((screen) => !screen.includes("Steering:"));
		expect(pi.screen()).toMatch(/^queued one\s*$/m);
		pi.keys("Escape");
	});

	it("the session picker renames, filters named ones, cycles the sort and deletes after asking", async () => {
		reply("first answer");
		reply("second answer");
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		pi.type("first session");
		pi.keys("Enter");
		await pi.waitFor("first answer");
		await command(pi, "/new", "New session started");
		pi.type("second session");
		pi.keys("Enter");
		await pi.waitFor("second answer");
		await command(pi, "/resume", "Resume Session (Current Folder)");
		pi.keys("C-s");
		await pi.waitFor("Sort: Recent");
		pi.keys("C-s");
		await pi.waitFor("Sort: Fuzzy");
		pi.keys("C-d");
		await pi.waitFor("Cannot delete the currently active session");
		pi.type("first");
		await pi.waitFor((screen) => !screen.includes("● second session"));
		pi.keys("C-r");
		await pi.waitFor("Rename Session");
		pi.type("renamed-first");
		pi.keys("Enter");
		await pi.waitFor("Session renamed: renamed-first");
		for (let index = 0; index < 5; index++) pi.keys("BSpace");
		pi.keys("C-n");
		await pi.waitFor("Name: Named");
		await pi.waitFor((screen) => !screen.includes("● second session") && screen.includes("renamed-first"));
		const sessionsDir = join(session.env.agentDir, "sessions");
		const countFiles = (): number =>
			readdirSync(sessionsDir, { recursive: true }).filter((name) => String(name).endsWith(".jsonl")).length;
		expect(countFiles()).toBe(2);
		pi.keys("C-d");
		await pi.waitFor("Delete session?");
		pi.keys("Enter");
		await pi.waitFor("Session deleted");
		expect(countFiles()).toBe(1);
	});

	it("fullscreen: mouse reporting, wheel scrolling, jump to latest, find with a counter, prompt jumps; off again on exit", async () => {
		useSettings({ tuiMode: "fullscreen" });
		for (const word of ["alpha", "beta", "gamma"]) {
			reply(Array.from({ length: 15 }, (_, index) => `${word} line ${index}`).join("\n\n"));
		}
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		expect(pi.format("mouse_any_flag")).toBe("1");
		for (const word of ["alpha", "beta", "gamma"]) {
			pi.type(`ask ${word}`);
			pi.keys("Enter");
			await pi.waitFor(`${word} line 14`);
		}
		pi.type("\x1b[<64;10;10M\x1b[<64;10;10M\x1b[<64;10;10M");
		await pi.waitFor("Jump to latest message · Ctrl+End");
		pi.keys("C-End");
		await pi.waitFor((screen) => !screen.includes("Jump to latest") && screen.includes("gamma line 14"));
		pi.type("\x1b[102;6u");
		await pi.waitFor("↑ Shift+Enter · ↓ Enter");
		pi.type("line 7");
		// Following the end, the first match at or below the window's top is gamma's.
		await pi.waitFor(/│ line 7 +3\/3 │/);
		pi.keys("Enter");
		await pi.waitFor(/│ line 7 +1\/3 │/);
		expect(pi.screen()).toContain("alpha line 7");
		pi.keys("Escape");
		await pi.waitFor((screen) => !screen.includes("Shift+Enter"));
		pi.keys("C-End");
		// The message above the window's top line (replies with text count, as in pi 1.4), and back down.
		const top = (screen: string): string => screen.split("\n")[1] ?? "";
		pi.keys("C-S-Up");
		await pi.waitFor((screen) => top(screen).includes("beta line 0"));
		pi.keys("C-S-Up");
		await pi.waitFor((screen) => top(screen).includes("ask beta"));
		pi.keys("C-S-Up");
		await pi.waitFor((screen) => top(screen).includes("alpha line 0"));
		pi.keys("C-S-Down");
		await pi.waitFor((screen) => top(screen).includes("ask beta"));
		pi.keys("C-Home");
		await pi.waitFor((screen) => screen.startsWith("pi v"));
		pi.keys("PPage");
		pi.keys("NPage");
		await pi.waitFor("Jump to latest message");
		pi.keys("C-d");
		await pi.waitFor("PI_EXITED 0");
		expect(pi.format("mouse_any_flag")).toBe("0");
		expect(pi.format("alternate_on")).toBe("0");
		// The shell keeps the transcript and the command that resumes the session.
		const after = pi.screen();
		expect(after).toContain("gamma line 14");
		expect(after).toMatch(/To resume this session: pi --session [0-9a-f-]+/);
	});

	it("pi 1.4's fullscreen settings: wheel lines, an always-on scrollbar, exit with only the resume hint", async () => {
		useSettings({
			tuiMode: "fullscreen",
			fullscreenWheelScrollLines: 10,
			fullscreenScrollbar: "always",
			fullscreenExitOutput: "resume-hint",
		});
		reply(Array.from({ length: 40 }, (_, index) => `delta line ${index}`).join("\n\n"));
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		pi.type("ask delta");
		pi.keys("Enter");
		await pi.waitFor("delta line 39");
		const lastColumn = (screen: string): string[] => screen.split("\n").map((line) => line.padEnd(120).at(119) ?? "");
		// "always": the last column is the scrollbar's, with no scrolling.
		expect(lastColumn(pi.screen()).filter((cell) => cell === "│" || cell === "┃").length).toBeGreaterThan(10);
		// One wheel step moves ten lines.
		const bottomLine = (screen: string): number =>
			Math.max(...[...screen.matchAll(/delta line (\d+)/g)].map((match) => Number(match[1])));
		pi.type("\x1b[<64;10;10M");
		await pi.waitFor("Jump to latest message");
		// Blank lines between the answer's lines: ten screen lines are five of its lines (and the jump line one more).
		expect(bottomLine(pi.screen())).toBeLessThanOrEqual(35);
		pi.keys("C-d");
		await pi.waitFor("PI_EXITED 0");
		const after = pi.screen();
		expect(after).not.toContain("delta line");
		expect(after).toMatch(/To resume this session: pi --session [0-9a-f-]+/);
	});

	it("the working status is in the editor's top border, in fullscreen as in regular mode", async () => {
		useSettings({ tuiMode: "fullscreen" });
		session.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "partial answer then nothing", deltas: 4 }],
			stallAfterEvents: 4,
		});
		const pi = session.start();
		await pi.waitFor(MOCK_MODEL);
		pi.type("hang");
		pi.keys("Enter");
		const screen = await pi.waitFor(/── \S Working ─/);
		const lines = screen.split("\n");
		const border = lines.findIndex((line) => /── \S Working ─/.test(line));
		// The editor's first line: its text row and its bottom border follow.
		expect(lines[border + 2]).toMatch(/^─+\s*$/);
		pi.keys("Escape");
		await pi.waitFor((current) => !current.includes("Working"));
	});

	it("Ctrl+Z suspends to the shell (main screen, no mouse reports); fg restores the screen and the modes", async () => {
		useSettings({ tuiMode: "fullscreen" });
		reply("before suspend");
		const pi = session.start([], { jobControl: true });
		await pi.waitFor(MOCK_MODEL);
		pi.type("hello");
		pi.keys("Enter");
		await pi.waitFor("before suspend");
		pi.keys("C-z");
		await pi.waitFor("Stopped");
		expect(pi.format("alternate_on")).toBe("0");
		expect(pi.format("mouse_any_flag")).toBe("0");
		// The shell's screen keeps the transcript, as pi 1.4 leaves it.
		expect(pi.screen()).toContain("before suspend");
		// The shell works meanwhile (a cooked tty: it echoes).
		pi.type("echo shell-$((40+2))");
		pi.keys("Enter");
		await pi.waitFor("shell-42");
		pi.type("fg");
		pi.keys("Enter");
		await pi.waitFor(() => pi.format("alternate_on") === "1" && pi.format("mouse_any_flag") === "1");
		await pi.waitFor("before suspend");
		pi.type("typed after resume");
		await pi.waitFor("typed after resume");
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		pi.keys("C-d");
		await pi.waitFor("PI_EXITED 0");
	});
});

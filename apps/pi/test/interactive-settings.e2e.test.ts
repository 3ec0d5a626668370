// The TUI settings and themes of configuration.md §3.9 in the real binary, in a real pseudo-terminal
// (tmux): a setting changed in /settings takes effect at once, and a project theme is drawn.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type TmuxPi } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive settings e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi interactive settings and themes (tmux)", () => {
	const session = useTmuxSession({ columns: 100, rows: 30 });
	const start = session.start;

	function savedSettings(): Record<string, unknown> {
		return JSON.parse(readFileSync(join(session.env.agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
	}

	/** Opens /settings and moves the selection to `label`, waiting for each move to be drawn. */
	async function selectSetting(pi: TmuxPi, label: string): Promise<void> {
		pi.type("/settings");
		pi.keys("Enter");
		await pi.waitFor("↑↓ select");
		// The highlighted row ("→ Label  value"); each Down is sent only once the last one is drawn.
		const selected = (screen: string): string | undefined => /→ (\S[^│]*?)\s{2,}/.exec(screen)?.[1];
		for (let step = 0; step < 30; step++) {
			const current = selected(await pi.waitFor((screen) => selected(screen) !== undefined));
			if (current === label) return;
			pi.keys("Down");
			await pi.waitFor((screen) => selected(screen) !== current);
		}
		throw new Error(`"${label}" not reached in /settings:\n${pi.screen()}`);
	}

	async function closeSettings(pi: TmuxPi): Promise<void> {
		pi.keys("Escape");
		await pi.waitFor((screen) => !screen.includes("↑↓ select"));
	}

	it("TUI mode fullscreen in /settings moves pi to the alternate screen at once; quitting gives the shell back", async () => {
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "inline answer" }] });
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("first question");
		pi.keys("Enter");
		await pi.waitFor("inline answer");
		expect(pi.format("alternate_on")).toBe("0");
		await selectSetting(pi, "TUI mode");
		pi.keys("Enter");
		// The panel closes itself: the alternate screen starts clean.
		await pi.waitFor((screen) => !screen.includes("↑↓ select") && pi.format("alternate_on") === "1");
		// One screen: the transcript at the top, the footer pinned to the last row.
		const rows = (await pi.waitFor("inline answer")).split("\n");
		expect(rows[29]).toContain("mock-model");
		expect(rows.join("\n")).not.toContain("SHELL OUTPUT BEFORE PI");
		expect(savedSettings().tuiMode).toBe("fullscreen");
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		pi.keys("C-c");
		const after = await pi.waitFor("PI_EXITED 0");
		expect(pi.format("alternate_on")).toBe("0");
		// The main screen as it was before the switch: the shell's output, then pi's last inline frame
		// (without the settings panel), and the shell's next output below it.
		expect(pi.history()).toContain("SHELL OUTPUT BEFORE PI");
		expect(after).not.toContain("↑↓ select");
		const lines = after.split("\n");
		expect(lines.findIndex((line) => line.includes("PI_EXITED 0"))).toBeGreaterThan(
			lines.findIndex((line) => line.includes("inline answer")),
		);
		const states = pi.ttyStates();
		expect(states.after).toBe(states.before);
	});

	it("tuiMode fullscreen from settings.json starts on the alternate screen; PageUp/PageDown scroll the answer", async () => {
		session.env.writeSettings({ ...savedSettings(), tuiMode: "fullscreen" });
		const answer = Array.from({ length: 60 }, (_, index) => `row ${index} of the answer`).join("\n\n");
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: answer }] });
		const pi = start();
		const screen = await pi.waitFor("mock-model");
		expect(pi.format("alternate_on")).toBe("1");
		expect(screen.split("\n")[29]).toContain("mock-model");
		pi.type("a long one");
		pi.keys("Enter");
		await pi.waitFor("row 59 of the answer");
		pi.keys("PPage");
		const scrolled = await pi.waitFor("Jump to latest message");
		expect(scrolled).not.toContain("row 59 of the answer");
		expect(scrolled.split("\n")[29]).toContain("mock-model");
		for (let page = 0; page < 8; page++) pi.keys("NPage");
		await pi.waitFor((text) => text.includes("row 59 of the answer") && !text.includes("Jump to latest message"));
	});

	it("Hardware cursor in /settings shows the terminal cursor in the editor", async () => {
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("abc");
		await pi.waitFor("abc");
		// Placed in the editor for IMEs, but hidden (the editor draws its own cursor).
		expect(pi.format("cursor_flag")).toBe("0");
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		await selectSetting(pi, "Hardware cursor");
		pi.keys("Enter");
		await pi.waitFor(/Hardware cursor\s+on/);
		await closeSettings(pi);
		pi.type("xyz");
		const screen = await pi.waitFor("xyz");
		expect(pi.format("cursor_flag")).toBe("1");
		const row = screen.split("\n").findIndex((line) => line.includes("xyz"));
		expect(Number(pi.format("cursor_y"))).toBe(row);
		expect(savedSettings().showHardwareCursor).toBe(true);
	});

	function writeProjectTheme(): void {
		mkdirSync(join(session.env.cwd, ".pi", "themes"), { recursive: true });
		writeFileSync(
			join(session.env.cwd, ".pi", "themes", "harbour.json"),
			JSON.stringify({ name: "harbour", base: "dark", userBg: "#203040", accent: "#ff8700" }),
		);
		session.env.writeSettings({ ...savedSettings(), theme: "harbour" });
	}

	it("loads the theme of a trusted project's .pi/themes and draws with its colours", async () => {
		writeProjectTheme();
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "themed answer" }] });
		const pi = start(["--approve"], { extraEnv: { NO_COLOR: "" } });
		await pi.waitFor("mock-model");
		pi.type("paint it");
		pi.keys("Enter");
		await pi.waitFor("themed answer");
		const styled = pi.styledScreen();
		const line = styled.split("\n").find((text) => text.includes("paint it")) ?? "";
		// The user message row has the theme's truecolour background.
		expect(line).toContain("48;2;32;48;64");
		expect(pi.screen()).not.toContain("harbour");
	});

	it("an untrusted project's theme is not loaded: the header says why and the dark theme is used", async () => {
		writeProjectTheme();
		const pi = start(["--no-approve"], { extraEnv: { NO_COLOR: "" } });
		const screen = await pi.waitFor("mock-model");
		const text = screen.replace(/\s*\n\s*/g, " ");
		expect(text).toContain("Project themes not loaded");
		expect(text).toContain("the project is not trusted");
		expect(text).toContain('Theme "harbour" (settings "theme") not found; using dark');
		pi.type("plain");
		pi.keys("Enter");
		await pi.waitFor("plain");
		expect(pi.styledScreen()).not.toContain("48;2;32;48;64");
	});

	it("a theme file with an error is a clear line in the header, and pi runs on", async () => {
		mkdirSync(join(session.env.agentDir, "themes"), { recursive: true });
		writeFileSync(join(session.env.agentDir, "themes", "broken.json"), '{ "name": "broken", "accent": ');
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "still answering" }] });
		const pi = start();
		const screen = await pi.waitFor("mock-model");
		expect(screen.replace(/\s*\n\s*/g, " ")).toMatch(/Theme .*broken\.json: .*; it is not loaded/);
		pi.type("hello");
		pi.keys("Enter");
		await pi.waitFor("still answering");
	});
});

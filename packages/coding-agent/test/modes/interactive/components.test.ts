import { homedir } from "node:os";
import type { AssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { AssistantMessageComponent } from "../../../src/modes/interactive/components/assistant-message.js";
import { FooterComponent, formatTokens } from "../../../src/modes/interactive/components/footer.js";
import { headerLines } from "../../../src/modes/interactive/components/header.js";
import { LinesComponent } from "../../../src/modes/interactive/components/lines-component.js";
import { ToolExecutionComponent } from "../../../src/modes/interactive/components/tool-execution.js";
import { UserMessageComponent } from "../../../src/modes/interactive/components/user-message.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";
import { cellAt, palette, renderAlone, rowWith } from "./render-support.js";

const theme = createTheme("dark", { env: {} });

function assistant(content: AssistantMessage["content"], extra: Partial<AssistantMessage> = {}): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "faux",
		provider: "faux",
		model: "faux-1",
		usage: {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "stop",
		timestamp: 0,
		...extra,
	};
}

describe("UserMessageComponent", () => {
	it("draws the text and image placeholders on the user background across the whole width", async () => {
		const terminal = await renderAlone(
			new UserMessageComponent(
				[
					{ type: "text", text: "look at this" },
					{ type: "image", data: "", mimeType: "image/png" },
				],
				theme,
			),
		);
		expect(cellAt(terminal, "look")?.bg).toEqual(palette(236));
		expect(terminal.getCell(rowWith(terminal, "look"), 59)?.bg).toEqual(palette(236));
		expect(cellAt(terminal, "[image: image/png]")?.fg).toEqual(palette(245));
	});
});

describe("UserMessageComponent images", () => {
	it("with terminal.showImages false an image stays a placeholder on the message background", async () => {
		const terminal = await renderAlone(
			new UserMessageComponent([{ type: "image", data: "", mimeType: "image/jpeg" }], theme, { showImages: false }),
		);
		expect(cellAt(terminal, "[image: image/jpeg]")?.bg).toEqual(palette(236));
	});
});

describe("AssistantMessageComponent", () => {
	it("renders markdown with highlighted code and collapses thinking to one line", async () => {
		const component = new AssistantMessageComponent(theme);
		component.update(
			assistant([
				{ type: "thinking", thinking: "First I consider.\nThen I decide." },
				{ type: "text", text: "# Title\n\n```ts\nconst x = 1;\n```" },
			]),
		);
		let terminal = await renderAlone(component);
		expect(terminal.getViewport().join("\n")).toContain("Thinking: First I consider.");
		expect(terminal.getViewport().join("\n")).not.toContain("Then I decide.");
		expect(cellAt(terminal, "Thinking")?.italic).toBe(true);
		expect(cellAt(terminal, "Title")?.bold).toBe(true);
		expect(cellAt(terminal, "Title")?.fg).toEqual(palette(75));
		expect(cellAt(terminal, "const")?.fg).toEqual(palette(176));
		component.setShowThinking(true);
		terminal = await renderAlone(component);
		expect(terminal.getViewport().join("\n")).toContain("Then I decide.");
	});

	it("shows errors in red and aborts in yellow", async () => {
		const failed = new AssistantMessageComponent(theme);
		failed.update(assistant([], { stopReason: "error", errorMessage: "429 rate limited" }));
		expect(cellAt(await renderAlone(failed), "Error: 429 rate limited")?.fg).toEqual(palette(203));
		const aborted = new AssistantMessageComponent(theme);
		aborted.update(assistant([{ type: "text", text: "partial" }], { stopReason: "aborted" }));
		const terminal = await renderAlone(aborted);
		expect(cellAt(terminal, "Aborted")?.fg).toEqual(palette(221));
		expect(rowWith(terminal, "partial")).toBeLessThan(rowWith(terminal, "Aborted"));
	});
});

describe("ToolExecutionComponent", () => {
	it("bash: command title, streamed output, background by state", async () => {
		const tool = new ToolExecutionComponent("bash", { command: "make" }, theme);
		let terminal = await renderAlone(tool);
		expect(cellAt(terminal, "$ make")?.bg).toEqual(palette(235));
		tool.setPartialResult({ content: [{ type: "text", text: "compiling" }] });
		terminal = await renderAlone(tool);
		expect(terminal.getViewport().join("\n")).toContain("compiling");
		tool.setResult({ content: [{ type: "text", text: "compiling\nok" }] }, false);
		terminal = await renderAlone(tool);
		expect(cellAt(terminal, "$ make")?.bg).toEqual(palette(22));
		tool.setResult({ content: [{ type: "text", text: "make: *** failed" }] }, true);
		terminal = await renderAlone(tool);
		expect(cellAt(terminal, "$ make")?.bg).toEqual(palette(52));
		expect(cellAt(terminal, "make: ***")?.fg).toEqual(palette(203));
	});

	it("bash: notes a truncated output file", async () => {
		const tool = new ToolExecutionComponent("bash", { command: "big" }, theme);
		tool.setResult({ content: [{ type: "text", text: "tail" }], details: { fullOutputPath: "/tmp/out.log" } }, false);
		expect((await renderAlone(tool)).getViewport().join("\n")).toContain("full output: /tmp/out.log");
	});

	it("read: path with line range; content only when expanded", async () => {
		const tool = new ToolExecutionComponent("read", { path: "src/a.ts", offset: 10, limit: 10 }, theme);
		tool.setResult({ content: [{ type: "text", text: "line ten\nline eleven" }] }, false);
		let screen = (await renderAlone(tool)).getViewport().join("\n");
		expect(screen).toContain("read src/a.ts:10-19 (2 lines)");
		expect(screen).not.toContain("line ten");
		tool.setExpanded(true);
		screen = (await renderAlone(tool)).getViewport().join("\n");
		expect(screen).toContain("line ten");
	});

	it("edit: a coloured diff", async () => {
		const tool = new ToolExecutionComponent("edit", { path: "a.txt", edits: [] }, theme);
		tool.setResult({ content: [{ type: "text", text: "ok" }], details: { diff: " 1 same\n-2 old\n+2 new" } }, false);
		const terminal = await renderAlone(tool);
		expect(cellAt(terminal, "edit")?.bold).toBe(true);
		expect(cellAt(terminal, "-2 old")?.fg).toEqual(palette(203));
		expect(cellAt(terminal, "+2 new")?.fg).toEqual(palette(114));
		expect(cellAt(terminal, "1 same")?.fg).toEqual(palette(245));
	});

	it("write: path, size and a preview cut with a hint", async () => {
		const content = Array.from({ length: 14 }, (_, index) => `row ${index + 1}`).join("\n");
		const tool = new ToolExecutionComponent("write", { path: "out.txt", content }, theme);
		tool.setResult({ content: [{ type: "text", text: "written" }] }, false);
		const screen = (await renderAlone(tool)).getViewport().join("\n");
		expect(screen).toContain(`write out.txt (14 lines, ${Buffer.byteLength(content)} bytes)`);
		expect(screen).toContain("row 10");
		expect(screen).not.toContain("row 11");
		expect(screen).toContain("… 4 more lines (Ctrl+O to expand)");
	});

	it("grep / find / ls: a summary, the list when expanded", async () => {
		const grep = new ToolExecutionComponent("grep", { pattern: "TODO", path: "src" }, theme);
		grep.setResult({ content: [{ type: "text", text: "a.ts:1: TODO\nb.ts:4: TODO" }] }, false);
		let screen = (await renderAlone(grep)).getViewport().join("\n");
		expect(screen).toContain("grep TODO in src (2 matches)");
		expect(screen).not.toContain("b.ts:4");
		grep.setExpanded(true);
		screen = (await renderAlone(grep)).getViewport().join("\n");
		expect(screen).toContain("b.ts:4");
		const ls = new ToolExecutionComponent("ls", {}, theme);
		ls.setResult({ content: [{ type: "text", text: "a\nb\nc" }] }, false);
		expect((await renderAlone(ls)).getViewport().join("\n")).toContain("ls . (3 entries)");
	});

	it("other tools: name, arguments and output", async () => {
		const tool = new ToolExecutionComponent("weather", { city: "Oslo" }, theme);
		tool.setResult({ content: [{ type: "text", text: "cold" }] }, false);
		const screen = (await renderAlone(tool)).getViewport().join("\n");
		expect(screen).toContain('weather {"city":"Oslo"}');
		expect(screen).toContain("cold");
	});
});

describe("footer and header", () => {
	it("formats token counts compactly", () => {
		expect([formatTokens(999), formatTokens(1234), formatTokens(45_600), formatTokens(1_300_000)]).toEqual([
			"999",
			"1.2k",
			"46k",
			"1.3M",
		]);
	});

	it("shows cwd, session name, usage, context percent, model with thinking level and statuses", async () => {
		const footer = new FooterComponent(theme);
		footer.setState({
			cwd: "/home/me/project",
			home: "/home/me",
			sessionName: "refactor",
			tokens: { input: 1500, output: 300, cacheRead: 12_000, cacheWrite: 0 },
			cost: 0.0123,
			contextUsage: { tokens: 25_600, contextWindow: 200_000, percent: 12.8 },
			model: {
				id: "claude-x",
				name: "Claude X",
				api: "anthropic-messages",
				provider: "anthropic",
				baseUrl: "",
				reasoning: true,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 200_000,
				maxTokens: 8000,
			},
			thinkingLevel: "high",
			statuses: new Map([["git", "branch: main"]]),
		});
		const terminal = await renderAlone(footer, 80);
		const screen = terminal.getViewport();
		expect(screen[0]).toContain("~/project • refactor");
		expect(screen[1]).toMatch(/^↑1\.5k ↓300 R12k \$0\.012 12\.8%\/200k\s+claude-x • high$/);
		expect(screen[2]).toContain("branch: main");
		// Auto-compaction on: pi 1.4's "(auto)" after the context figure.
		footer.setState({
			cwd: "/p",
			tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
			cost: 0,
			contextUsage: { tokens: 0, contextWindow: 128_000, percent: 0 },
			autoCompaction: true,
			thinkingLevel: "off",
			statuses: new Map(),
		});
		const auto = await renderAlone(footer, 80);
		expect(auto.getViewport()[1]).toMatch(/^0\.0%\/128k \(auto\)\s+no model$/);
	});

	it("header lists resources and diagnostics", async () => {
		const lines = headerLines(
			{
				version: "9.9.9",
				contextFiles: ["/p/AGENTS.md"],
				skills: ["review"],
				promptTemplates: ["/fix"],
				extensionCommands: [],
				diagnostics: [{ type: "warning", message: "Project is not trusted: project extensions skipped" }],
				warnings: [],
				verbose: false,
			},
			theme,
		);
		const terminal = await renderAlone(new LinesComponent(lines), 120);
		const screen = terminal.getViewport().join("\n");
		expect(screen).toContain("pi v9.9.9");
		expect(screen).toContain("Context: /p/AGENTS.md");
		expect(screen).toContain("Skills: review");
		expect(cellAt(terminal, "Project is not trusted")?.fg).toEqual(palette(221));
	});

	it("header shows skill and prompt name collisions as pi 1.4's conflict blocks", async () => {
		const home = homedir();
		const lines = headerLines(
			{
				version: "1.0.0",
				contextFiles: [],
				skills: ["dup"],
				promptTemplates: ["/greet"],
				extensionCommands: [],
				diagnostics: [],
				conflicts: [
					{
						resourceType: "prompt",
						name: "greet",
						winnerPath: `${home}/.pi/agent/prompts/greet.md`,
						loserPath: "/pkg/prompts/greet.md",
					},
					{
						resourceType: "skill",
						name: "dup",
						winnerPath: "/p/.pi/skills/dup/SKILL.md",
						loserPath: `${home}/.pi/agent/skills/dup/SKILL.md`,
					},
					{
						resourceType: "skill",
						name: "dup",
						winnerPath: "/p/.pi/skills/dup/SKILL.md",
						loserPath: "/pkg/skills/dup/SKILL.md",
					},
				],
				warnings: [],
				verbose: false,
			},
			theme,
		);
		const terminal = await renderAlone(new LinesComponent(lines), 120);
		const screen = terminal.getViewport().map((line) => line.trimEnd());
		const start = screen.indexOf("[Skill conflicts]");
		expect(screen.slice(start, start + 9)).toEqual([
			"[Skill conflicts]",
			'  "dup" collision:',
			"    ✓ /p/.pi/skills/dup/SKILL.md",
			"    ✗ ~/.pi/agent/skills/dup/SKILL.md (skipped)",
			"    ✗ /pkg/skills/dup/SKILL.md (skipped)",
			"[Prompt conflicts]",
			'  "greet" collision:',
			"    ✓ ~/.pi/agent/prompts/greet.md",
			"    ✗ /pkg/prompts/greet.md (skipped)",
		]);
		expect(cellAt(terminal, "[Skill conflicts]")?.fg).toEqual(palette(221));
	});

	it("header key hints name the keys keybindings.json binds (unbound: no hint)", () => {
		const info = {
			version: "1.0.0",
			contextFiles: [],
			skills: [],
			promptTemplates: [],
			extensionCommands: [],
			diagnostics: [],
			warnings: [],
			verbose: false,
		};
		const defaults = headerLines(info, theme)[1] ?? "";
		expect(defaults).toContain("Esc abort · Ctrl+C twice quit · Ctrl+L model");
		const rebound: Record<string, string> = {
			"app.interrupt": "ctrl+x",
			"app.clear": "ctrl+g",
			"app.tools.expand": "ctrl+e",
		};
		const hints = headerLines({ ...info, keyOf: (action) => rebound[action] }, theme)[1] ?? "";
		expect(hints).toContain("Ctrl+X abort · Ctrl+G twice quit · Ctrl+E tools");
		expect(hints).not.toContain("model");
	});

	it("quietStartup keeps only diagnostics and warnings in the header", () => {
		const lines = headerLines(
			{
				version: "1.0.0",
				contextFiles: ["/p/AGENTS.md"],
				skills: [],
				promptTemplates: [],
				extensionCommands: [],
				diagnostics: [],
				warnings: ["Model fell back to x"],
				verbose: false,
				quiet: true,
			},
			theme,
		).join("\n");
		expect(lines).not.toContain("pi");
		expect(lines).not.toContain("AGENTS.md");
		expect(lines).toContain("Model fell back to x");
	});

	it('quietStartup "header" (pi 1.4) keeps the name and key hints, not the resource listing', () => {
		const lines = headerLines(
			{
				version: "1.0.0",
				contextFiles: ["/p/AGENTS.md"],
				skills: ["review"],
				promptTemplates: [],
				extensionCommands: [],
				diagnostics: [],
				warnings: ["Model fell back to x"],
				verbose: false,
				headerOnly: true,
			},
			theme,
		).join("\n");
		expect(lines).toContain("pi");
		expect(lines).toContain("Enter send");
		expect(lines).not.toContain("AGENTS.md");
		expect(lines).not.toContain("review");
		expect(lines).toContain("Model fell back to x");
	});

	it("NO_COLOR turns colours off", async () => {
		const plain = createTheme("dark", { env: { NO_COLOR: "1" } });
		const tool = new ToolExecutionComponent("bash", { command: "ls" }, plain);
		const terminal = await renderAlone(tool);
		expect(cellAt(terminal, "$ ls")?.bg).toEqual({ mode: "default" });
	});

	it("the light theme uses its own palette", async () => {
		const light = createTheme("light", { env: {} });
		const terminal = await renderAlone(new UserMessageComponent("hi", light));
		expect(cellAt(terminal, "hi")?.bg).toEqual(palette(254));
	});
});

import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@pi/ai";
import { Text } from "@pi/tui";
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import type { ExtensionFactory } from "../../../src/core/extensions/extension-api.js";
import type { ToolRenderContext } from "../../../src/core/extensions/extension-renderers.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

async function setup(extensionFactories: ExtensionFactory[], tools: string[] = ["read", "bash"]): Promise<AppFixture> {
	const fixture = await createAppFixture({ cwd: tempDir(), agentDir: tempDir(), extensionFactories, tools });
	fixtures.push(fixture);
	await fixture.waitForText("0.0%/128k");
	return fixture;
}

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

const CTRL_O = "\x0f";

/** A tool whose definition draws its call and result. */
const greetTool = (contexts: ToolRenderContext[]): ExtensionFactory => {
	return (pi) =>
		pi.registerTool({
			name: "greet",
			label: "Greet",
			description: "Greets someone",
			parameters: Type.Object({ name: Type.String() }),
			async execute(_id, params) {
				return { content: [{ type: "text", text: `hello ${params.name}` }], details: { count: 3 } };
			},
			renderCall(args, theme, context) {
				contexts.push(context);
				return new Text(`${theme.fg("toolTitle", "GREET-CALL")} ${String(args.name)}`, 0, 0);
			},
			renderResult(result, options, _theme, context) {
				const details = result.details as { count: number };
				const state = context.state as { renders?: number };
				state.renders = (state.renders ?? 0) + 1;
				return new Text(
					options.expanded ? `GREET-LONG count=${details.count} partial=${options.isPartial}` : "GREET-SHORT",
					0,
					0,
				);
			},
		});
};

describe("extension rendering in the transcript", () => {
	it("a tool definition's renderCall and renderResult draw its row; Ctrl+O asks again with expanded", async () => {
		const contexts: ToolRenderContext[] = [];
		const fixture = await setup([greetTool(contexts)], ["greet"]);
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxToolCall("greet", { name: "Ada" }, "call-1")], { stopReason: "toolUse" }),
			fauxAssistantMessage("greeted"),
		]);
		await fixture.type("hi\r");
		await fixture.waitForText("greeted");
		expect(fixture.screen()).toContain("GREET-CALL Ada");
		expect(fixture.screen()).toContain("GREET-SHORT");
		expect(fixture.screen()).not.toContain("hello Ada");
		await fixture.type(CTRL_O);
		await fixture.waitForText("GREET-LONG count=3 partial=false");
		const last = contexts.at(-1)!;
		expect(last.toolCallId).toBe("call-1");
		expect(last.executionStarted).toBe(true);
		expect(last.argsComplete).toBe(true);
		expect(last.expanded).toBe(true);
		expect(last.isError).toBe(false);
		expect(last.cwd).toBe(fixture.cwd);
		expect(last.lastComponent).toBeInstanceOf(Text);
		// The state object is the row's own, shared by the call and result renders.
		expect((last.state as { renders?: number }).renders).toBeGreaterThanOrEqual(2);
	});

	it("registerToolRenderer draws built-in tools; next() defers; a renderer that throws keeps the built-in look", async () => {
		const fixture = await setup([
			(pi) =>
				pi.registerToolRenderer((toolName, next) => {
					if (toolName !== "read") return next();
					return {
						renderCall: (args) => new Text(`READING ${String(args.path)}`, 0, 0),
						renderResult: (result) => {
							const text = result.content[0]?.type === "text" ? result.content[0].text : "";
							return new Text(`READ ${text.split("\n").length} lines`, 0, 0);
						},
					};
				}),
			(pi) =>
				pi.registerToolRenderer((toolName, next) =>
					toolName === "bash"
						? {
								renderCall: () => {
									throw new Error("broken renderer");
								},
							}
						: next(),
				),
		]);
		fixture.faux.setResponses([
			fauxAssistantMessage(
				[fauxToolCall("read", { path: "notes.txt" }, "r1"), fauxToolCall("bash", { command: "echo out" }, "b1")],
				{ stopReason: "toolUse" },
			),
			fauxAssistantMessage("finished"),
		]);
		await fixture.type("go\r");
		await fixture.waitForText("finished");
		const screen = fixture.screen();
		expect(screen).toContain("READING notes.txt");
		expect(screen).toMatch(/READ \d+ lines/);
		expect(screen).toContain("$ echo out");
	});

	it("renderShell self draws the components as they are (no tool box around them)", async () => {
		const fixture = await setup([
			(pi) =>
				pi.registerToolRenderer((toolName, next) =>
					toolName === "bash"
						? {
								renderShell: "self",
								renderCall: () => new Text("SELF-FRAMED", 0, 0),
								renderResult: () => new Text("", 0, 0),
							}
						: next(),
				),
		]);
		fixture.faux.setResponses([
			fauxAssistantMessage([fauxToolCall("bash", { command: "true" }, "b1")], { stopReason: "toolUse" }),
			fauxAssistantMessage("ok then"),
		]);
		await fixture.type("go\r");
		await fixture.waitForText("ok then");
		const row = fixture.terminal.getViewport().findIndex((line) => line.includes("SELF-FRAMED"));
		expect(row).toBeGreaterThanOrEqual(0);
		// Drawn at column 0: no outputPad, no background.
		expect(fixture.terminal.getViewport()[row]!.startsWith("SELF-FRAMED")).toBe(true);
		expect(fixture.terminal.getCell(row, 0)?.bg).toEqual({ mode: "default" });
	});

	it("registerMessageRenderer draws custom messages and is asked again on Ctrl+O", async () => {
		let send: ((text: string) => void) | undefined;
		const fixture = await setup([
			(pi) => {
				send = (text) => pi.sendMessage({ customType: "note", content: text, display: true });
				pi.registerMessageRenderer("note", (message, { expanded }) =>
					expanded
						? new Text(`NOTE+ ${String(message.content)}`, 0, 0)
						: new Text(`NOTE ${String(message.content)}`, 0, 0),
				);
			},
		]);
		send?.("remember milk");
		await fixture.waitForText("NOTE remember milk");
		await fixture.type(CTRL_O);
		await fixture.waitForText("NOTE+ remember milk");
	});

	it("registerEntryRenderer draws appended entries at once and in place after a redraw of the history", async () => {
		const fixture = await setup([
			(pi) => {
				pi.registerEntryRenderer<{ label: string }>(
					"card",
					(entry, { expanded }) => new Text(`CARD ${entry.data?.label}${expanded ? " (expanded)" : ""}`, 0, 0),
				);
				pi.registerCommand("card", {
					description: "adds a card",
					handler: async (args) => pi.appendEntry("card", { label: args }),
				});
			},
		]);
		fixture.faux.setResponses([fauxAssistantMessage("first reply"), fauxAssistantMessage("second reply")]);
		await fixture.type("one\r");
		await fixture.waitForText("first reply");
		await fixture.type("/card alpha\r");
		await fixture.waitForText("CARD alpha");
		await fixture.type("two\r");
		await fixture.waitForText("second reply");
		await fixture.type(CTRL_O);
		await fixture.waitForText("CARD alpha (expanded)");
		fixture.app.rebuildTheme();
		await fixture.waitForText("CARD alpha (expanded)");
		const lines = fixture.terminal.getViewport();
		const at = (text: string) => lines.findIndex((line) => line.includes(text));
		expect(at("first reply")).toBeLessThan(at("CARD alpha"));
		expect(at("CARD alpha")).toBeLessThan(at("second reply"));
	});

	it("Markdown transformers rewrite what assistant and user messages show, in load order; the message is unchanged", async () => {
		const fixture = await setup([
			(pi) => pi.registerMarkdownTransformer((markdown) => markdown.replaceAll("TODO", "DONE")),
			(pi) =>
				pi.registerMarkdownTransformer((markdown, context) =>
					context.messageType === "user" ? `${markdown} [user]` : markdown.replaceAll("DONE", "FINISHED"),
				),
			(pi) =>
				pi.registerMarkdownTransformer(() => {
					throw new Error("skipped");
				}),
		]);
		fixture.faux.setResponses([fauxAssistantMessage("status: TODO")]);
		await fixture.type("check TODO\r");
		await fixture.waitForText("status: FINISHED");
		expect(fixture.screen()).toContain("check DONE [user]");
		const stored = fixture.runtime.session.messages.at(-1);
		expect(stored?.role === "assistant" && stored.content[0]?.type === "text" && stored.content[0].text).toBe(
			"status: TODO",
		);
	});

	it("ctx.ui.setHiddenThinkingLabel labels collapsed thinking blocks", async () => {
		const fixture = await setup([
			(pi) => pi.on("session_start", (_event, ctx) => ctx.ui.setHiddenThinkingLabel("pondering…")),
		]);
		fixture.faux.setResponses([fauxAssistantMessage([fauxThinking("secret plan"), fauxText("answer")])]);
		await fixture.type("hi\r");
		await fixture.waitForText("answer");
		expect(fixture.screen()).toContain("pondering…");
		expect(fixture.screen()).not.toContain("secret plan");
	});
});

import { join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxToolCall } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import { type ExtensionUIContext, noopUIContext } from "../../src/core/extensions/extension-ui-context.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();
const EXAMPLES = join(import.meta.dirname, "..", "..", "examples", "extensions");

/** A stand-in bash tool: records commands instead of running them. */
function fakeBash(ran: string[]): AgentTool {
	return {
		name: "bash",
		label: "bash",
		description: "Runs a command",
		parameters: Type.Object({ command: Type.String() }),
		async execute(_id, params) {
			ran.push((params as { command: string }).command);
			return { content: [{ type: "text", text: "ok" }] };
		},
	};
}

/** A UI context that answers `select` from a script and records every dialog. */
function scriptedUI(answers: (string | undefined)[], record: string[]): ExtensionUIContext {
	return {
		...noopUIContext,
		select: async (title, options) => {
			record.push(`select:${title}:${options.join("/")}`);
			return answers.shift();
		},
	};
}

function resultTexts(events: AgentSessionEvent[]): { text: string; isError: boolean }[] {
	return events.flatMap((event) =>
		event.type === "tool_execution_end"
			? [
					{
						text: event.result.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
						isError: event.isError,
					},
				]
			: [],
	);
}

async function gateSession(command: string) {
	const ran: string[] = [];
	const fixture = await createExtensionSession(tempDir(), [], {
		extensionPaths: [join(EXAMPLES, "permission-gate.ts")],
		customTools: [fakeBash(ran)],
		tools: ["bash"],
	});
	expect(fixture.result.extensionsResult.errors).toEqual([]);
	fixture.faux.setResponses([fauxAssistantMessage(fauxToolCall("bash", { command })), fauxAssistantMessage("done")]);
	return { ...fixture, ran };
}

describe("examples/extensions/permission-gate.ts", () => {
	it("headless: a dangerous command is blocked without asking", async () => {
		const { session, events, ran } = await gateSession("sudo rm -rf /");
		const record: string[] = [];
		await session.bindExtensions({ mode: "print" });
		await session.prompt("clean up");
		expect(ran).toEqual([]);
		expect(record).toEqual([]);
		expect(resultTexts(events)).toEqual([
			{ text: "Dangerous command blocked (no UI for confirmation)", isError: true },
		]);
	});

	it("a harmless command runs without a dialog", async () => {
		const { session, ran } = await gateSession("ls -la");
		const record: string[] = [];
		await session.bindExtensions({ mode: "rpc", uiContext: scriptedUI([], record) });
		await session.prompt("list");
		expect(ran).toEqual(["ls -la"]);
		expect(record).toEqual([]);
	});

	it("with a UI: Yes runs the command, No (or no answer) blocks it", async () => {
		for (const [answer, expected] of [
			["Yes", "ran"],
			["No", "Blocked by user"],
			[undefined, "Blocked by user"],
		] as const) {
			const { session, events, ran } = await gateSession("chmod 777 /etc/passwd");
			const record: string[] = [];
			await session.bindExtensions({ mode: "rpc", uiContext: scriptedUI([answer], record) });
			await session.prompt("fix permissions");
			expect(record).toEqual(["select:⚠️ Dangerous command:\n\n  chmod 777 /etc/passwd\n\nAllow?:Yes/No"]);
			if (expected === "ran") expect(ran).toEqual(["chmod 777 /etc/passwd"]);
			else {
				expect(ran).toEqual([]);
				expect(resultTexts(events)).toEqual([{ text: expected, isError: true }]);
			}
		}
	});
});

describe("the other examples", () => {
	it("word-count-tool registers a working tool", async () => {
		const { session, faux, events } = await createExtensionSession(tempDir(), [], {
			extensionPaths: [join(EXAMPLES, "word-count-tool.ts")],
			tools: ["word_count"],
		});
		await session.bindExtensions({});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("word_count", { text: "one two\nthree" })),
			fauxAssistantMessage("done"),
		]);
		await session.prompt("count");
		expect(resultTexts(events)).toEqual([{ text: "3 words, 2 lines, 13 characters", isError: false }]);
	});

	it("todo-command keeps its list in custom entries and reports it headless as a custom message", async () => {
		const { session } = await createExtensionSession(tempDir(), [], {
			extensionPaths: [join(EXAMPLES, "todo-command.ts")],
		});
		await session.bindExtensions({});
		await session.prompt("/todo add write docs");
		await session.prompt("/todo add ship it");
		const last = session.messages.at(-1);
		expect(last).toMatchObject({ role: "custom", customType: "todo", content: "1. write docs\n2. ship it" });
		expect(session.sessionManager.getEntries().filter((entry) => entry.type === "custom")).toHaveLength(2);
	});

	it("turn-status sets a status and a widget through ctx.ui", async () => {
		const calls: string[] = [];
		const ui: ExtensionUIContext = {
			...noopUIContext,
			setStatus: (key, text) => void calls.push(`status:${key}:${text ?? "-"}`),
			setWidget: (key, content) =>
				void calls.push(`widget:${key}:${Array.isArray(content) ? content.join("|") : "fn"}`),
		};
		const ran: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [], {
			extensionPaths: [join(EXAMPLES, "turn-status.ts")],
			customTools: [fakeBash(ran)],
			tools: ["bash"],
		});
		await session.bindExtensions({ mode: "tui", uiContext: ui });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("bash", { command: "ls" })), fauxAssistantMessage("done")]);
		await session.prompt("go");
		await Promise.resolve();
		expect(calls).toEqual([
			"status:turn-status:turn 1 running…",
			"widget:turn-status:Tools used|bash: 1",
			"status:turn-status:turn 2 running…",
			"status:turn-status:-",
		]);
	});

	it("greeting-with-dependency loads its own node_modules package", async () => {
		const { session, result } = await createExtensionSession(tempDir(), [], {
			extensionPaths: [join(EXAMPLES, "greeting-with-dependency")],
		});
		expect(result.extensionsResult.errors).toEqual([]);
		await session.bindExtensions({});
		await session.prompt("/greet pi");
		expect(session.messages.at(-1)).toMatchObject({ role: "custom", content: "Hello, pi! 👋" });
	});
});

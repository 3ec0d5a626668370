import type { AgentTool } from "@pi/agent-core";
import { fauxAssistantMessage, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { SessionWriteError } from "../../src/core/session/session-file.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { createFauxSession } from "../support/faux-session.js";
import { useTempDirs } from "../support/temp-dir.js";
import { useFaultyFileSystem } from "./support/faulty-fs.js";

const tempDir = useTempDirs();
const faults = useFaultyFileSystem();

describe("AgentSession when the session file cannot be written", () => {
	it("stops the run, reports the error and builds nothing on the unsaved reply", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create(dir, dir);
		let toolRuns = 0;
		const tool: AgentTool = {
			name: "touch",
			label: "touch",
			description: "counts",
			parameters: Type.Object({}),
			execute: async () => {
				toolRuns++;
				return { content: [{ type: "text", text: "ok" }], details: {} };
			},
		};
		const { session, faux } = await createFauxSession({ sessionManager, cwd: dir, customTools: [tool] });
		faux.setResponses([
			fauxAssistantMessage("first reply"),
			fauxAssistantMessage([fauxToolCall("touch", {})]),
			fauxAssistantMessage("never reached"),
		]);
		await session.prompt("one");
		const file = sessionManager.getSessionFile()!;
		const saved = SessionManager.open(file).getEntries().length;
		faults({ freeBytes: 0, affects: (path) => path === file });
		await session.prompt("two");
		expect(session.sessionWriteError).toBeInstanceOf(SessionWriteError);
		expect(session.sessionWriteError?.message).toContain(`No space left on device: ${file}`);
		expect(toolRuns).toBe(0);
		expect(sessionManager.getEntries()).toHaveLength(saved);
		const last = session.messages.at(-1);
		expect(last?.role === "assistant" && last.stopReason).toBe("error");
		expect(last?.role === "assistant" ? last.errorMessage : "").toContain("No space left on device");
		faults({});
		expect(SessionManager.open(file).getEntries()).toHaveLength(saved);
	});

	it("an unsaved reply ends as an error event and none of its tool calls run", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create(dir, dir);
		let toolRuns = 0;
		const tool: AgentTool = {
			name: "touch",
			label: "touch",
			description: "counts",
			parameters: Type.Object({}),
			execute: async () => {
				toolRuns++;
				return { content: [{ type: "text", text: "ok" }], details: {} };
			},
		};
		const { session, faux, events } = await createFauxSession({ sessionManager, cwd: dir, customTools: [tool] });
		faux.setResponses([fauxAssistantMessage("first reply"), fauxAssistantMessage([fauxToolCall("touch", {})])]);
		await session.prompt("one");
		const file = sessionManager.getSessionFile()!;
		// The user message is saved; the reply is not.
		faults({ failAfterWrites: 1, affects: (path) => path === file });
		await session.prompt("two");
		const replyEnd = events.filter((event) => event.type === "message_end").at(-1);
		expect(
			replyEnd?.type === "message_end" && replyEnd.message.role === "assistant" && replyEnd.message.errorMessage,
		).toBe(`Could not save the session: No space left on device: ${file}`);
		expect(toolRuns).toBe(0);
		expect(sessionManager.getLeafEntry()?.type === "message" && sessionManager.getLeafEntry()).toMatchObject({
			message: { role: "user" },
		});
	});

	it("a user message that cannot be saved ends the run with the error as the last message, not as a user abort", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create(dir, dir);
		const { session, faux, events } = await createFauxSession({ sessionManager, cwd: dir });
		faux.setResponses([fauxAssistantMessage("first reply"), fauxAssistantMessage("never reached")]);
		await session.prompt("one");
		const file = sessionManager.getSessionFile()!;
		faults({ freeBytes: 0, affects: (path) => path === file });
		// The disk frees up right after the user message failed: the run's last reply is saved.
		const unsubscribe = session.subscribe((event) => {
			if (event.type === "message_end" && event.message.role === "user") faults({});
		});
		await session.prompt("two");
		unsubscribe();
		const message = `Could not save the session: No space left on device: ${file}`;
		const last = session.messages.at(-1);
		expect(last?.role === "assistant" && { stopReason: last.stopReason, errorMessage: last.errorMessage }).toEqual({
			stopReason: "error",
			errorMessage: message,
		});
		const saved = sessionManager.getLeafEntry();
		expect(saved?.type === "message" && saved.message.role === "assistant" && saved.message.errorMessage).toBe(message);
		expect(events.filter((event) => event.type === "agent_settled").at(-1)).toEqual({
			type: "agent_settled",
			aborted: false,
		});
	});
});

import { readFileSync } from "node:fs";
import type { AssistantMessage, Usage } from "@pi/ai";
import { exportSessionToHtml } from "../../src/core/export-html/export-session-html.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";

/** A 1×1 PNG. */
export const PIXEL_PNG_BASE64 =
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const HOSTILE_TEXT = `<script>alert(1)</script> <img src="https://evil.example/x.png" onerror="alert(2)"> <link rel="stylesheet" href="http://evil.example/a.css"> <style>@import url(http://evil.example/b.css);</style> ![tracker](https://evil.example/pixel.gif) [run](javascript:alert(3)) </script><!-- \u2028\u2029 end`;

function usage(input: number, output: number, cost: number): Usage {
	return {
		input,
		output,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: input + output,
		cost: { input: cost / 2, output: cost / 2, cacheRead: 0, cacheWrite: 0, total: cost },
	};
}

function assistant(
	content: AssistantMessage["content"],
	model: string,
	tokens: [number, number, number],
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "faux",
		provider: "faux",
		model,
		usage: usage(...tokens),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: Date.now(),
	};
}

/** Ids of the interesting entries of `buildSampleSession`. */
export interface SampleSession {
	session: SessionManager;
	firstUserId: string;
	abandonedReplyId: string;
	activeReplyId: string;
}

/**
 * A persisted session with every kind of content: hostile user text, an image, thinking, a tool
 * call and an error result, a bash run, custom messages (shown and hidden), a label, a name, an
 * abandoned branch with a branch summary, and a compaction on the active branch.
 */
export function buildSampleSession(sessionDir: string): SampleSession {
	const session = SessionManager.create("/home/ada/code/app", sessionDir);
	session.appendModelChange("faux", "faux-large");
	const firstUserId = session.appendMessage({
		role: "user",
		content: [
			{ type: "text", text: `Fix the failing test ${HOSTILE_TEXT}` },
			{ type: "image", data: PIXEL_PNG_BASE64, mimeType: "image/png" },
		],
		timestamp: Date.now(),
	});
	session.appendMessage(
		assistant(
			[
				{ type: "thinking", thinking: "Secret pondering about the test runner" },
				{ type: "text", text: "Let me **run** the `tests` first." },
				{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "npm test", timeout: 60 } },
			],
			"faux-large",
			[1200, 40, 0.0042],
		),
	);
	const toolResultId = session.appendMessage({
		role: "toolResult",
		toolCallId: "call_1",
		toolName: "bash",
		content: [{ type: "text", text: "1 failing\nexpected 2 to equal 3" }],
		isError: true,
		timestamp: Date.now(),
	});
	const abandonedReplyId = session.appendMessage(
		assistant([{ type: "text", text: "Abandoned path reply" }], "faux-large", [1300, 10, 0.001]),
	);
	session.appendLabelChange(firstUserId, "before-refactor");
	session.branchWithSummary(toolResultId, "Tried patching the runner; it did not help.");
	session.appendMessage({
		role: "bashExecution",
		command: "git status --short",
		output: " M src/app.ts\n",
		exitCode: 1,
		cancelled: false,
		truncated: false,
		timestamp: Date.now(),
	});
	session.appendCustomMessageEntry("house-rules", "Always follow the **house style**.", true);
	session.appendCustomMessageEntry("hidden-state", "INVISIBLE CUSTOM TEXT", false);
	session.appendCompaction("## Goal\nMake the suite pass.", toolResultId, 151000);
	session.appendMessage(userMessage("Now try the other approach"));
	const activeReplyId = session.appendMessage(
		assistant(
			[{ type: "text", text: "Done:\n\n1. fixed `sum`\n2. added a test\n\n```ts\nconst a = 1 < 2;\n```" }],
			"faux-small",
			[900, 30, 0.002],
		),
	);
	session.appendSessionInfo("Fix <b>tests</b>");
	return { session, firstUserId, abandonedReplyId, activeReplyId };
}

/** The sample session exported to a fresh directory, with the HTML read back. */
export interface ExportedSample {
	html: string;
	path: string;
	sample: SampleSession;
}

/** Builds the sample session and exports it; `tempDir` makes directories removed after the test. */
export function exportSampleHtml(tempDir: (prefix?: string) => string): ExportedSample {
	const sample = buildSampleSession(tempDir("pi-export-sessions-"));
	const path = exportSessionToHtml(sample.session, { cwd: tempDir("pi-export-out-") });
	return { html: readFileSync(path, "utf8"), path, sample };
}

/** A minimal session whose file is written (one user message and one reply). */
export function persistedSession(sessionDir: string): SessionManager {
	const session = SessionManager.create("/work/app", sessionDir);
	session.appendMessage(userMessage("hi"));
	session.appendMessage(assistantMessage("hello"));
	return session;
}

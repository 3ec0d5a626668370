import { describe, expect, it } from "vitest";
import { LinesComponent } from "../../../src/modes/interactive/components/lines-component.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";
import { Transcript } from "../../../src/modes/interactive/transcript.js";
import { renderAlone } from "./render-support.js";

function setup() {
	const statuses: (string | undefined)[] = [];
	const pending: { steering: readonly string[]; followUp: readonly string[] }[] = [];
	const transcript = new Transcript(createTheme("dark", { env: {} }), {
		setStatus: (message) => statuses.push(message),
		setPending: (steering, followUp) => pending.push({ steering, followUp }),
	});
	const screen = async () => (await renderAlone(transcript.container, 80, 30)).getViewport().join("\n");
	return { transcript, statuses, pending, screen };
}

describe("Transcript events", () => {
	it("shows retry progress with the reason, and the final error", async () => {
		const { transcript, statuses, screen } = setup();
		transcript.handleEvent({ type: "agent_start" });
		transcript.handleEvent({
			type: "auto_retry_start",
			attempt: 1,
			maxAttempts: 3,
			delayMs: 2000,
			errorMessage: "529 overloaded",
		});
		expect(statuses.at(-1)).toBe("Retrying (1/3) in 2s: 529 overloaded (Esc to cancel)");
		transcript.handleEvent({ type: "auto_retry_end", success: false, attempt: 3, finalError: "529 overloaded" });
		expect(statuses.at(-1)).toBeUndefined();
		expect(await screen()).toContain("Retry failed: 529 overloaded");
	});

	it("shows compaction progress and its outcome", async () => {
		const { transcript, statuses, screen } = setup();
		transcript.handleEvent({ type: "compaction_start", reason: "threshold" });
		expect(statuses.at(-1)).toBe("Compacting context (threshold)… (Esc to cancel)");
		transcript.handleEvent({
			type: "compaction_end",
			reason: "threshold",
			result: { summary: "s", firstKeptEntryId: "a", tokensBefore: 120_000, estimatedTokensAfter: 9000 },
			aborted: false,
			willRetry: false,
		});
		expect(await screen()).toContain("Compacted 120000 tokens of earlier history.");
		transcript.handleEvent({ type: "compaction_start", reason: "manual" });
		transcript.handleEvent({ type: "compaction_end", reason: "manual", result: null, aborted: true, willRetry: false });
		expect(await screen()).toContain("Compaction cancelled");
	});

	it("shows Took under tool runs restored from a session that recorded their duration", async () => {
		const { transcript, screen } = setup();
		const call = (id: string) => ({
			type: "toolCall" as const,
			id,
			name: "bash",
			arguments: { command: `echo ${id}` },
		});
		transcript.reset([
			{ role: "user", content: "run them", timestamp: 0 },
			{
				role: "assistant",
				content: [call("timed"), call("legacy")],
				api: "faux",
				provider: "faux",
				model: "m",
				usage: {
					input: 0,
					output: 0,
					cacheRead: 0,
					cacheWrite: 0,
					totalTokens: 0,
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
				},
				stopReason: "toolUse",
				timestamp: 0,
			},
			{
				role: "toolResult",
				toolCallId: "timed",
				toolName: "bash",
				content: [{ type: "text", text: "timed" }],
				isError: false,
				durationMs: 2_340,
				timestamp: 0,
			},
			// Stored before durations were recorded: no time line, as in pi 1.4.
			{
				role: "toolResult",
				toolCallId: "legacy",
				toolName: "bash",
				content: [{ type: "text", text: "legacy" }],
				isError: false,
				timestamp: 0,
			},
		]);
		const text = await screen();
		expect(text.match(/Took /g)).toHaveLength(1);
		expect(text).toContain("Took 2.3s");
	});

	it("forwards the pending queue and draws history messages of every kind", async () => {
		const { transcript, pending, screen } = setup();
		transcript.handleEvent({ type: "queue_update", steering: ["left"], followUp: ["then stop"] });
		expect(pending.at(-1)).toEqual({ steering: ["left"], followUp: ["then stop"] });
		transcript.reset([
			{ role: "user", content: "run it", timestamp: 0 },
			{
				role: "bashExecution",
				command: "make",
				output: "built",
				exitCode: 0,
				cancelled: false,
				truncated: false,
				timestamp: 0,
			},
			{ role: "custom", customType: "reminder", content: "drink water", display: true, timestamp: 0 },
			{ role: "custom", customType: "hidden", content: "not shown", display: false, timestamp: 0 },
			{ role: "compactionSummary", summary: "earlier", tokensBefore: 5000, timestamp: 0 },
			{ role: "branchSummary", summary: "tried another way", fromId: "x", timestamp: 0 },
		]);
		const text = await screen();
		expect(text).toContain("run it");
		expect(text).toContain("$ make");
		expect(text).toContain("built");
		expect(text).toContain("[reminder] drink water");
		expect(text).not.toContain("not shown");
		expect(text).toContain("Compacted 5000 tokens");
		expect(text).toContain("Branch summary: tried another way");
	});

	it("widget factories get the width", async () => {
		const terminal = await renderAlone(new LinesComponent((width) => [`w=${width}`]), 42);
		expect(terminal.getViewport()[0]).toBe("w=42");
	});
});

describe("Transcript status line", () => {
	it("rewrites its line while it is the last one, and starts a new one after other output (Ctrl+O's status)", async () => {
		const { transcript, screen } = setup();
		transcript.showStatusLine("Tool output: expanded");
		transcript.showStatusLine("Tool output: collapsed");
		let text = await screen();
		expect(text).toContain("Tool output: collapsed");
		expect(text).not.toContain("Tool output: expanded");
		transcript.addNotice("something else");
		transcript.showStatusLine("Tool output: expanded");
		text = await screen();
		expect(text.indexOf("Tool output: collapsed")).toBeLessThan(text.indexOf("something else"));
		expect(text.indexOf("something else")).toBeLessThan(text.indexOf("Tool output: expanded"));
	});
});

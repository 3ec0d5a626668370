import { describe, expect, it } from "vitest";
import { convertToLlm } from "../src/core/messages.js";
import { userMessage } from "./support/messages.js";

describe("convertToLlm", () => {
	it("maps the coding agent's roles to user messages as sessions.md §3 says", () => {
		const converted = convertToLlm([
			userMessage("hi"),
			{
				role: "bashExecution",
				command: "ls",
				output: "a\n",
				exitCode: 2,
				cancelled: false,
				truncated: true,
				fullOutputPath: "/tmp/o.log",
				timestamp: 1,
			},
			{
				role: "bashExecution",
				command: "secret",
				output: "",
				exitCode: 0,
				cancelled: false,
				truncated: false,
				excludeFromContext: true,
				timestamp: 2,
			},
			{
				role: "bashExecution",
				command: "sleep 9",
				output: "",
				exitCode: undefined,
				cancelled: true,
				truncated: false,
				timestamp: 3,
			},
			{ role: "custom", customType: "rules", content: "house style", display: true, timestamp: 4 },
			{ role: "branchSummary", summary: "S1", fromId: "x", timestamp: 5 },
			{ role: "compactionSummary", summary: "S2", tokensBefore: 9, timestamp: 6 },
		]);
		const texts = converted.map((message) => {
			expect(message.role).toBe("user");
			const content = message.content;
			return typeof content === "string"
				? content
				: content.map((block) => (block.type === "text" ? block.text : "")).join("");
		});
		expect(texts[1]).toBe(
			"Ran `ls`\n```\na\n```\n\nCommand exited with code 2\n\n[Output truncated. Full output: /tmp/o.log]",
		);
		expect(texts[2]).toBe("Ran `sleep 9`\n(no output)\n\n(command cancelled)");
		expect(texts[3]).toBe("house style");
		expect(texts[4]).toMatch(/summary of a branch[\s\S]*<summary>S1<\/summary>$/);
		expect(texts[5]).toMatch(/compacted into the following summary:\n\n<summary>\nS2\n<\/summary>$/);
		expect(converted).toHaveLength(6);
	});
});

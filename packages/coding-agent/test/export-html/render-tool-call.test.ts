import type { ToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { renderMessage } from "../../src/core/export-html/render-message.js";
import { renderToolCall } from "../../src/core/export-html/render-tool-call.js";

function call(name: string, args: Record<string, unknown>): ToolCall {
	return { type: "toolCall", id: "call_1", name, arguments: args };
}

// Issue 15: tool calls read like the TUI, not like a JSON dump.
describe("renderToolCall", () => {
	it("shows an edit as a coloured diff of each replacement", () => {
		const html = renderToolCall(
			call("edit", {
				path: "src/a.ts",
				edits: [{ oldText: "const a = 1;\nkeep();", newText: "const a = 2;\nkeep();" }],
			}),
		);
		expect(html).toContain('<span class="badge">edit</span> <span class="tool-path">src/a.ts</span>');
		expect(html).toContain('<span class="diff-del">- const a = 1;</span>');
		expect(html).toContain('<span class="diff-add">+ const a = 2;</span>');
		expect(html).toContain('<span class="diff-same">  keep();</span>');
		expect(html).toContain("1 replacement");
	});

	it("shows a read as its path and line range", () => {
		expect(renderToolCall(call("read", { path: "README.md", offset: 10, limit: 5 }))).toContain(
			'<span class="tool-path">README.md</span> <span class="muted">lines 10–14</span>',
		);
		expect(renderToolCall(call("read", { path: "a.ts", offset: 7 }))).toContain("from line 7");
	});

	it("shows a write as its path and highlighted content", () => {
		const html = renderToolCall(call("write", { path: "b.py", content: "def f():\n    return 1\n" }));
		expect(html).toContain('<span class="tool-path">b.py</span> <span class="muted">3 lines</span>');
		expect(html).toContain('<code class="language-py hljs"><span class="hljs-keyword">def</span>');
	});

	it("shows grep, find and ls as their pattern and path", () => {
		expect(renderToolCall(call("grep", { pattern: "a<b", path: "src", glob: "*.ts" }))).toContain(
			'<span class="badge">grep</span> <code>a&lt;b</code> in <span class="tool-path">src</span> <span class="muted">(*.ts)</span>',
		);
		expect(renderToolCall(call("find", { pattern: "*.md" }))).toContain(
			'<code>*.md</code> in <span class="tool-path">.</span>',
		);
		expect(renderToolCall(call("ls", {}))).toContain('<span class="badge">ls</span> <span class="tool-path">.</span>');
	});

	it("escapes hostile arguments and falls back to JSON when they are not what the tool takes", () => {
		const hostile = renderToolCall(call("bash", { command: "echo '<script>alert(1)</script>'" }));
		expect(hostile).not.toContain("<script>");
		expect(hostile).toContain("$ echo &#39;&lt;script&gt;");
		const odd = renderToolCall(call("edit", { path: "x", edits: "not a list" }));
		expect(odd).toContain("&quot;edits&quot;: &quot;not a list&quot;");
		const unknown = renderToolCall(call('my"tool', { q: 1 }));
		expect(unknown).toContain('class="tool-call tool-call-my_tool"');
		expect(unknown).toContain("&quot;q&quot;: 1");
	});
});

describe("tool results", () => {
	it("highlight a read file's content by the path of its call", () => {
		const calls = new Map([["call_1", call("read", { path: "src/x.ts" })]]);
		const item = renderMessage(
			{
				role: "toolResult",
				toolCallId: "call_1",
				toolName: "read",
				content: [{ type: "text", text: "export const x = 1;" }],
				isError: false,
				timestamp: 0,
			},
			calls,
		);
		expect(item?.body).toContain('<code class="language-ts hljs"><span class="hljs-keyword">export</span>');
	});
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportSessionToHtml } from "../../src/core/export-html/export-session-html.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";
import { textOf, transcriptOf, treeOf } from "./html-inspection.js";
import { type ExportedSample, exportSampleHtml, persistedSession } from "./sample-session.js";

// The page's content (renderSessionHtml), seen through exportSessionToHtml.
const tempDir = useTempDirs();

function exportSample(): ExportedSample {
	return exportSampleHtml(tempDir);
}

describe("exportSessionToHtml: header", () => {
	it("shows name, cwd, creation time, models and session-wide token and cost totals", () => {
		const { html, sample } = exportSample();
		const header = textOf(/<header class="session-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? "");
		const created = sample.session.getHeader().timestamp.slice(0, 19).replace("T", " ");
		expect(header).toContain("Fix <b>tests</b>");
		expect(header).toContain(sample.session.getSessionId());
		expect(header).toContain("/home/ada/code/app");
		expect(header).toContain(`${created} UTC`);
		expect(header).toContain("faux/faux-large, faux/faux-small");
		// Both branches count: 1,240 + 1,310 + 930 tokens; $0.0042 + $0.001 + $0.002.
		expect(header).toContain("3,480 (input 3,400 · output 80");
		expect(header).toContain("$0.0072");
	});

	it("is titled by the first prompt without a name, else by the session id", () => {
		const session = persistedSession(tempDir());
		const html = readFileSync(exportSessionToHtml(session, { cwd: tempDir() }), "utf8");
		expect(html).toContain("<h1>hi</h1>");
		expect(html).toContain("<title>hi</title>");
		const long = SessionManager.create("/work/app", tempDir());
		long.appendMessage(userMessage(`Please <fix>\n the ${"very ".repeat(30)}long bug`));
		long.appendMessage(assistantMessage("ok"));
		const longHtml = readFileSync(exportSessionToHtml(long, { cwd: tempDir() }), "utf8");
		expect(longHtml).toMatch(/<h1>Please &lt;fix&gt; the (very )+ve…<\/h1>/);
		const silent = SessionManager.create("/work/app", tempDir());
		silent.appendMessage(assistantMessage("unprompted"));
		const silentHtml = readFileSync(exportSessionToHtml(silent, { cwd: tempDir() }), "utf8");
		expect(silentHtml).toContain(`<h1>Session ${silent.getSessionId()}</h1>`);
	});
});

describe("exportSessionToHtml: transcript", () => {
	it("renders the active branch only, in order", () => {
		const { html } = exportSample();
		const text = textOf(transcriptOf(html));
		expect(text).not.toContain("Abandoned path reply");
		const order = [
			"Fix the failing test",
			"Let me run the tests first.",
			"1 failing",
			"Tried patching the runner",
			"$ git status --short",
			"house style",
			"Make the suite pass.",
			"Now try the other approach",
			"added a test",
		];
		const positions = order.map((snippet) => text.indexOf(snippet));
		expect(positions.every((position) => position >= 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
	});

	it("renders markdown in assistant text", () => {
		const transcript = transcriptOf(exportSample().html);
		expect(transcript).toContain("Let me <strong>run</strong> the <code>tests</code> first.");
		expect(transcript).toContain("<ol>\n<li>fixed <code>sum</code></li>\n<li>added a test</li>\n</ol>");
		expect(transcript).toContain(
			'<pre class="md-code"><code class="language-ts hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> &lt; <span class="hljs-number">2</span>;</code></pre>',
		);
	});

	it("keeps thinking collapsed inside <details>", () => {
		const transcript = transcriptOf(exportSample().html);
		expect(transcript).toMatch(
			/<details class="thinking"><summary>Thinking<\/summary>[\s\S]*?Secret pondering about the test runner[\s\S]*?<\/details>/,
		);
		expect(transcript).not.toMatch(/<details class="thinking" open/);
	});

	it("shows a bash call as its command, and styles error results", () => {
		const transcript = transcriptOf(exportSample().html);
		expect(transcript).toContain('<span class="badge">bash</span> <span class="muted">timeout 60 s</span>');
		expect(transcript).toContain('<pre class="command"><code>$ npm test</code></pre>');
		expect(transcript).not.toContain("&quot;command&quot;");
		expect(transcript).toMatch(/<article class="entry entry-tool-result is-error"[^>]*>[\s\S]*?1 failing/);
	});

	it("collapses long tool results and keeps short ones open", () => {
		const session = SessionManager.create("/work/app", tempDir());
		session.appendMessage(userMessage("go"));
		session.appendMessage(assistantMessage("running"));
		const long = Array.from({ length: 50 }, (_unused, index) => `line ${index}`).join("\n");
		session.appendMessage({
			role: "toolResult",
			toolCallId: "c1",
			toolName: "read",
			content: [{ type: "text", text: long }],
			isError: false,
			timestamp: Date.now(),
		});
		session.appendMessage({
			role: "toolResult",
			toolCallId: "c2",
			toolName: "ls",
			content: [{ type: "text", text: "short output" }],
			isError: false,
			timestamp: Date.now(),
		});
		const transcript = transcriptOf(readFileSync(exportSessionToHtml(session, { cwd: tempDir() }), "utf8"));
		expect(transcript).toMatch(
			/<details class="output-details"><summary>read result \(50 lines\)<\/summary><pre class="output"><code>line 0\n/,
		);
		expect(transcript).toContain('<div class="entry-body"><pre class="output"><code>short output</code></pre>');
	});

	it("marks bash executions, compaction summaries and branch summaries", () => {
		const transcript = transcriptOf(exportSample().html);
		expect(transcript).toMatch(
			/<article class="entry entry-bash is-error"[\s\S]*?\$ git status --short[\s\S]*?Command exited with code 1/,
		);
		expect(transcript).toMatch(
			/<article class="entry entry-compaction"[\s\S]*?Compaction[\s\S]*?151,000 tokens[\s\S]*?Make the suite pass\./,
		);
		expect(transcript).toMatch(
			/<article class="entry entry-branch-summary"[\s\S]*?Branch summary[\s\S]*?Tried patching the runner; it did not help\./,
		);
		expect(transcript).toMatch(/<article class="entry entry-user compacted"/);
	});

	it("shows custom messages with display true and hides the others", () => {
		const { html } = exportSample();
		expect(transcriptOf(html)).toContain("Always follow the <strong>house style</strong>.");
		expect(transcriptOf(html)).not.toContain("INVISIBLE CUSTOM TEXT");
		expect(treeOf(html)).not.toContain("INVISIBLE CUSTOM TEXT");
	});
});

describe("exportSessionToHtml: tree", () => {
	it("contains every branch, marks the abandoned one and shows labels", () => {
		const { html, sample } = exportSample();
		const tree = treeOf(html);
		expect(tree).toMatch(
			/<li class="tree-branch branch-abandoned"><details open><summary>Abandoned branch 1 of 2 · 2 entries<\/summary>[\s\S]*?Abandoned path reply/,
		);
		expect(tree).toMatch(/<li class="tree-branch branch-active"><details open><summary>Active branch 2 of 2/);
		expect(tree).toMatch(
			new RegExp(
				`title="${sample.firstUserId} [^"]*">.*?Fix the failing test.*?<span class="badge badge-label">before-refactor</span>`,
			),
		);
		expect(tree).toContain(`<a href="#entry-${sample.activeReplyId}">`);
		expect(tree).toMatch(new RegExp(`<li class="tree-node off-path" title="${sample.abandonedReplyId} `));
		expect(tree).toMatch(
			/<li class="tree-node on-path leaf"[^>]*>.*?<span class="badge badge-leaf">current<\/span><\/li>/,
		);
	});

	it("shows the label in the transcript too", () => {
		const { html, sample } = exportSample();
		expect(transcriptOf(html)).toMatch(
			new RegExp(
				`id="entry-${sample.firstUserId}"><header class="entry-header"><span class="entry-title">User</span> <span class="badge badge-label">before-refactor</span>`,
			),
		);
	});
});

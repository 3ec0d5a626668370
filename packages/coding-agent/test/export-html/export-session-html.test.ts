import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ExportHtmlError, exportSessionToHtml } from "../../src/core/export-html/export-session-html.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";
import { externalResourceReferences, startTags, textOf, transcriptOf } from "./html-inspection.js";
import {
	buildSampleSession,
	type ExportedSample,
	exportSampleHtml,
	HOSTILE_TEXT,
	PIXEL_PNG_BASE64,
	persistedSession,
} from "./sample-session.js";

const tempDir = useTempDirs();

afterEach(() => {
	vi.restoreAllMocks();
});

function exportSample(): ExportedSample {
	return exportSampleHtml(tempDir);
}

function thrownBy(action: () => unknown): unknown {
	try {
		action();
	} catch (error) {
		return error;
	}
	return undefined;
}

function embeddedData(html: string): string {
	const match = /<script type="application\/json" id="session-data">([\s\S]*?)<\/script>/.exec(html);
	if (!match?.[1]) throw new Error("no embedded session data");
	return match[1];
}

describe("exportSessionToHtml: errors", () => {
	it("refuses in-memory sessions", () => {
		const session = SessionManager.inMemory("/work/app");
		session.appendMessage(userMessage("hi"));
		session.appendMessage(assistantMessage("hello"));
		const error = thrownBy(() => exportSessionToHtml(session, { cwd: tempDir() }));
		expect(error).toBeInstanceOf(ExportHtmlError);
		expect(error).toMatchObject({ code: "in_memory_session", message: "Cannot export in-memory session to HTML" });
	});

	it("refuses a session whose file is not written yet and writes nothing", () => {
		const out = tempDir();
		const session = SessionManager.create("/work/app", tempDir());
		session.appendMessage(userMessage("hi"));
		expect(session.isPersisted()).toBe(false);
		const error = thrownBy(() => exportSessionToHtml(session, { cwd: out }));
		expect(error).toBeInstanceOf(ExportHtmlError);
		expect(error).toMatchObject({
			code: "nothing_to_export",
			message: "Nothing to export yet - start a conversation first",
		});
		expect(readdirSync(out)).toEqual([]);
	});
});

describe("exportSessionToHtml: output path", () => {
	it("defaults to pi-session-<session file base name>.html in options.cwd", () => {
		const session = persistedSession(tempDir());
		const out = tempDir();
		const path = exportSessionToHtml(session, { cwd: out });
		const base = basename(session.getSessionFile()!, ".jsonl");
		expect(path).toBe(join(out, `pi-session-${base}.html`));
		expect(existsSync(path)).toBe(true);
	});

	it("defaults to the process's working directory without options", () => {
		const out = tempDir();
		vi.spyOn(process, "cwd").mockReturnValue(out);
		const session = persistedSession(tempDir());
		const path = exportSessionToHtml(session);
		expect(path).toBe(join(out, `pi-session-${session.getSessionFileBaseName()}.html`));
		expect(existsSync(path)).toBe(true);
	});

	it("writes to outputPath, creating parent directories, and resolves relative paths against cwd", () => {
		const session = persistedSession(tempDir());
		const out = tempDir();
		const absolute = join(out, "a", "b", "session.html");
		expect(exportSessionToHtml(session, { outputPath: absolute })).toBe(absolute);
		expect(existsSync(absolute)).toBe(true);
		expect(exportSessionToHtml(session, { cwd: out, outputPath: "nested/x.html" })).toBe(join(out, "nested", "x.html"));
		expect(existsSync(join(out, "nested", "x.html"))).toBe(true);
	});
});

describe("exportSessionToHtml: document", () => {
	it("is one complete document with inline styles and scripts only", () => {
		const { html } = exportSample();
		expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
		expect(html.trimEnd().endsWith("</html>")).toBe(true);
		expect(html.match(/<html\b/g)).toHaveLength(1);
		expect(html).toMatch(/<style>[\s\S]+<\/style>/);
		expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;/);
		expect(html).toContain("prefers-color-scheme: dark");
		expect(startTags(html).filter((tag) => tag.startsWith("<script"))).toEqual([
			'<script type="application/json" id="session-data">',
			"<script>",
		]);
	});

	it("references no external resource, even for hostile content", () => {
		const { html } = exportSample();
		expect(externalResourceReferences(html)).toEqual([]);
		expect(html).not.toMatch(/<link\b/i);
		expect(html).not.toMatch(/\bsrc\s*=\s*["']?https?:/i);
		for (const tag of startTags(html).filter((tag) => /^<a\s/.test(tag))) {
			expect(tag).toMatch(/^<a href="(#[^"]*|https?:\/\/[^"]+)"/);
			if (/href="http/.test(tag)) expect(tag).toContain('rel="noopener noreferrer nofollow"');
		}
	});

	it("escapes hostile message content so it renders as text", () => {
		const { html } = exportSample();
		const transcript = transcriptOf(html);
		expect(transcript).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
		expect(textOf(transcript)).toContain("<script>alert(1)</script>");
		expect(html).not.toMatch(/<script>alert/i);
		expect(startTags(html).filter((tag) => /\son\w+\s*=/i.test(tag))).toEqual([]);
		expect(html).not.toMatch(/href\s*=\s*["']?javascript:/i);
		expect(html).toContain("<title>Fix &lt;b&gt;tests&lt;/b&gt;</title>");
	});

	it("embeds the whole session as JSON that cannot close its script element", () => {
		const { html, sample } = exportSample();
		const raw = embeddedData(html);
		expect(raw).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
		const data = JSON.parse(raw) as { header: unknown; leafId: unknown; entries: unknown[] };
		expect(data.header).toEqual(sample.session.getHeader());
		expect(data.leafId).toBe(sample.session.getLeafId());
		expect(data.entries).toEqual(JSON.parse(JSON.stringify(sample.session.getEntries())));
		expect(raw).toContain("\\u003c/script\\u003e");
		expect(JSON.stringify(data)).toContain(JSON.stringify(HOSTILE_TEXT).slice(1, -1));
	});

	it("shows images only as data URIs from the session's base64 blocks", () => {
		const { html } = exportSample();
		const images = startTags(html).filter((tag) => tag.startsWith("<img"));
		expect(images).toEqual([
			`<img class="image" src="data:image/png;base64,${PIXEL_PNG_BASE64}" alt="Image (image/png)">`,
		]);
	});

	it("replaces an image whose type or data is not safe with a placeholder", () => {
		const session = SessionManager.create("/work/app", tempDir());
		session.appendMessage({
			role: "user",
			content: [
				{ type: "image", data: PIXEL_PNG_BASE64, mimeType: 'image/png" onerror="alert(1)' },
				{ type: "image", data: '" onerror="alert(2)', mimeType: "image/png" },
				{ type: "image", data: PIXEL_PNG_BASE64, mimeType: "text/html" },
			],
			timestamp: Date.now(),
		});
		session.appendMessage(assistantMessage("ok"));
		const html = readFileSync(exportSessionToHtml(session, { cwd: tempDir() }), "utf8");
		expect(startTags(html).filter((tag) => tag.startsWith("<img"))).toEqual([]);
		expect(transcriptOf(html).match(/image omitted/g)).toHaveLength(3);
	});

	it("puts a title option before the session name", () => {
		const sample = buildSampleSession(tempDir());
		const html = readFileSync(exportSessionToHtml(sample.session, { cwd: tempDir(), title: "My <export>" }), "utf8");
		expect(html).toContain("<title>My &lt;export&gt;</title>");
		expect(html).toContain("<h1>My &lt;export&gt;</h1>");
	});
});

import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { exportSessionToHtml } from "../../src/core/export-html/export-session-html.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";
import { startTags, textOf, transcriptOf, treeOf } from "./html-inspection.js";
import { decodePng } from "./png-pixels.js";
import { buildSampleSession } from "./sample-session.js";

const CHROMIUM = "/usr/bin/chromium";
// Present and able to start: a stub that cannot run here (e.g. a snap wrapper in a container) skips too.
const HAS_CHROMIUM = existsSync(CHROMIUM) && spawnSync(CHROMIUM, ["--version"], { stdio: "ignore" }).status === 0;
const SKIP_NOTE = HAS_CHROMIUM
	? ""
	: ` [skipped: ${CHROMIUM} is not installed or does not start (apt-get install chromium)]`;
// Besides the usual quiet-headless flags, every host name resolves to nothing, so even a request
// that slipped through could not reach the network.
const CHROMIUM_ARGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--host-resolver-rules=MAP * ~NOTFOUND",
];
const BROWSER_TIMEOUT = 60_000;

// Records every resource the page fetched (or tried to), once everything has loaded.
const RESOURCE_PROBE =
	'<script>window.addEventListener("load", function () { document.documentElement.setAttribute("data-resources", ' +
	'JSON.stringify(performance.getEntriesByType("resource").map(function (entry) { return entry.name; }))); });</script>';

const tempDir = useTempDirs();
const execFileAsync = promisify(execFile);

/** Opens the file in headless Chromium and returns the DOM after load (scripts have run). */
async function dumpDom(htmlPath: string): Promise<string> {
	const profile = tempDir("pi-chromium-profile-");
	const { stdout } = await execFileAsync(
		CHROMIUM,
		[...CHROMIUM_ARGS, `--user-data-dir=${profile}`, "--dump-dom", pathToFileURL(htmlPath).href],
		{ timeout: BROWSER_TIMEOUT - 5_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HOME: profile } },
	);
	return stdout;
}

/** Dumps a copy of the export with the resource probe (and optional extra markup) before `</body>`. */
async function fetchedResources(exportPath: string, extraMarkup = ""): Promise<string[]> {
	const probed = join(tempDir("pi-chromium-probe-"), "probed.html");
	writeFileSync(probed, readFileSync(exportPath, "utf8").replace("</body>", `${extraMarkup}${RESOURCE_PROBE}</body>`));
	const dom = await dumpDom(probed);
	const attribute = /data-resources="([^"]*)"/.exec(dom)?.[1];
	if (attribute === undefined) throw new Error("the resource probe did not run");
	return JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as string[];
}

/** Opens the file in headless Chromium and returns a PNG screenshot of the top of the page. */
async function screenshot(htmlPath: string): Promise<Buffer> {
	const profile = tempDir("pi-chromium-profile-");
	const png = join(profile, "screenshot.png");
	await execFileAsync(
		CHROMIUM,
		[
			...CHROMIUM_ARGS,
			`--user-data-dir=${profile}`,
			"--window-size=1100,1800",
			`--screenshot=${png}`,
			pathToFileURL(htmlPath).href,
		],
		{ timeout: BROWSER_TIMEOUT - 5_000, env: { ...process.env, HOME: profile } },
	);
	return readFileSync(png);
}

/** A session with one call of each tool the export renders specially (issue 15). */
function exportToolSession(): string {
	const session = SessionManager.create("/work/app", tempDir("pi-export-sessions-"));
	session.appendMessage(userMessage("Bump the answer and show me the file"));
	const reply = assistantMessage("On it.");
	reply.content.push(
		{
			type: "toolCall",
			id: "c1",
			name: "edit",
			arguments: {
				path: "src/answer.ts",
				edits: [{ oldText: "export const answer = 41;\n", newText: "export const answer = 42;\n" }],
			},
		},
		{ type: "toolCall", id: "c2", name: "bash", arguments: { command: "npm test -- answer" } },
		{ type: "toolCall", id: "c3", name: "read", arguments: { path: "src/answer.ts", offset: 1, limit: 20 } },
		{
			type: "toolCall",
			id: "c4",
			name: "write",
			arguments: { path: "notes.md", content: "# Notes\n\nThe answer is 42." },
		},
	);
	reply.stopReason = "toolUse";
	session.appendMessage(reply);
	const results: [string, string, string][] = [
		["c1", "edit", "Successfully replaced 1 block in src/answer.ts."],
		["c2", "bash", "1 passing"],
		["c3", "read", "export const answer = 42;\n// the answer\nfunction check(value: number) { return value === 42; }"],
		["c4", "write", "Successfully wrote 27 bytes to notes.md"],
	];
	for (const [toolCallId, toolName, text] of results) {
		session.appendMessage({
			role: "toolResult",
			toolCallId,
			toolName,
			content: [{ type: "text", text }],
			isError: false,
			timestamp: Date.now(),
		});
	}
	return exportSessionToHtml(session, { cwd: tempDir("pi-export-out-") });
}

function exportSample(): { path: string; entryCount: number } {
	const { session } = buildSampleSession(tempDir("pi-export-sessions-"));
	const path = exportSessionToHtml(session, { cwd: tempDir("pi-export-out-") });
	return { path, entryCount: session.getEntries().length };
}

describe("exported HTML in headless Chromium", () => {
	it.skipIf(!HAS_CHROMIUM)(
		`renders the active branch as readable text and runs its script${SKIP_NOTE}`,
		async () => {
			const { path, entryCount } = exportSample();
			const dom = await dumpDom(path);
			expect(dom).toMatch(new RegExp(`<html[^>]* data-session-entries="${entryCount}"`));
			expect(dom).toMatch(/<html[^>]* data-ready="true"/);
			const transcript = textOf(transcriptOf(dom));
			for (const visible of [
				"Fix the failing test <script>alert(1)</script>",
				"Secret pondering about the test runner",
				"Let me run the tests first.",
				"$ npm test",
				"1 failing",
				"Tried patching the runner; it did not help.",
				"$ git status --short",
				"Command exited with code 1",
				"Always follow the house style.",
				"Make the suite pass.",
				"Now try the other approach",
				"fixed sum",
			]) {
				expect(transcript).toContain(visible);
			}
			expect(transcript).not.toContain("Abandoned path reply");
			expect(transcript).not.toContain("INVISIBLE CUSTOM TEXT");
			expect(textOf(treeOf(dom))).toContain("Abandoned path reply");
			expect(textOf(treeOf(dom))).toContain("before-refactor");
			expect(dom).not.toMatch(/<script>alert/i);
			const images = startTags(dom).filter((tag) => tag.startsWith("<img"));
			expect(images).toHaveLength(1);
			expect(images[0]).toContain('src="data:image/png;base64,');
		},
		BROWSER_TIMEOUT,
	);

	it.skipIf(!HAS_CHROMIUM)(
		`fetches nothing while loading${SKIP_NOTE}`,
		async () => {
			const { path } = exportSample();
			// The control proves the probe sees a fetch when there is one.
			const [exported, control] = await Promise.all([
				fetchedResources(path),
				fetchedResources(path, '<img src="http://example.invalid/control.png">'),
			]);
			expect(control).toEqual(["http://example.invalid/control.png"]);
			expect(exported).toEqual([]);
		},
		BROWSER_TIMEOUT,
	);

	it.skipIf(!HAS_CHROMIUM)(
		`renders tool calls per tool, with a coloured diff and highlighted code, titled by the first prompt${SKIP_NOTE}`,
		async () => {
			const path = exportToolSession();
			const dom = await dumpDom(path);
			expect(dom).toContain("<title>Bump the answer and show me the file</title>");
			const transcript = textOf(transcriptOf(dom));
			for (const visible of [
				"- export const answer = 41;",
				"+ export const answer = 42;",
				"$ npm test -- answer",
				"lines 1–20",
				"notes.md",
			]) {
				expect(transcript).toContain(visible);
			}
			expect(dom).not.toContain("&quot;oldText&quot;");
			const { width, height, histogram } = decodePng(await screenshot(path));
			expect([width, height]).toEqual([1100, 1800]);
			// The diff's line backgrounds (light or dark scheme) and a highlighted keyword are on screen.
			const pixels = (...colours: string[]): number =>
				colours.reduce((sum, colour) => sum + (histogram.get(colour) ?? 0), 0);
			expect(pixels("#dafbe1", "#12261e")).toBeGreaterThan(500);
			expect(pixels("#ffebe9", "#3c1618")).toBeGreaterThan(500);
			expect(pixels("#cf222e", "#ff7b72")).toBeGreaterThan(20);
		},
		BROWSER_TIMEOUT,
	);
});

import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { exportSessionToHtml } from "../../src/core/export-html/export-session-html.js";
import { useTempDirs } from "../support/temp-dir.js";
import { startTags, textOf, transcriptOf, treeOf } from "./html-inspection.js";
import { buildSampleSession } from "./sample-session.js";

const CHROMIUM = "/usr/bin/chromium";
const HAS_CHROMIUM = existsSync(CHROMIUM);
const SKIP_NOTE = HAS_CHROMIUM ? "" : ` [skipped: ${CHROMIUM} is not installed (apt-get install chromium)]`;
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
				'"command": "npm test"',
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
});

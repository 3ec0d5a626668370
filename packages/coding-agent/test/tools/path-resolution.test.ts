import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandPath, resolveExistingPath, resolveToCwd } from "../../src/core/tools/path-resolution.js";

describe("path resolution", () => {
	it("resolves relative paths against the cwd and keeps absolute ones", () => {
		expect(resolveToCwd("src/a.ts", "/work/project")).toBe("/work/project/src/a.ts");
		expect(resolveToCwd("/etc/hosts", "/work/project")).toBe("/etc/hosts");
		expect(resolveToCwd("../x", "/work/project")).toBe("/work/x");
	});

	it("strips one leading @", () => {
		expect(resolveToCwd("@src/a.ts", "/p")).toBe("/p/src/a.ts");
		expect(resolveToCwd("@/abs/file", "/p")).toBe("/abs/file");
	});

	it("expands ~ to the home directory", () => {
		expect(resolveToCwd("~", "/p")).toBe(homedir());
		expect(resolveToCwd("~/notes.md", "/p")).toBe(join(homedir(), "notes.md"));
		expect(expandPath("~/x", "/home/me")).toBe("/home/me/x");
		expect(resolveToCwd("a~b", "/p")).toBe("/p/a~b");
	});

	it("normalises Unicode space variants to plain spaces", () => {
		expect(resolveToCwd("my\u00A0file\u202Fname.txt", "/p")).toBe("/p/my file name.txt");
	});

	it("on macOS retries NFD and narrow-no-break-space screenshot variants of missing paths", () => {
		const nfd = "/p/cafe\u0301.txt";
		expect(resolveExistingPath("café.txt", "/p", { platform: "darwin", exists: (path) => path === nfd })).toBe(nfd);
		const screenshot = "/p/Shot 10.00.00\u202FAM.png";
		expect(
			resolveExistingPath("Shot 10.00.00 AM.png", "/p", { platform: "darwin", exists: (path) => path === screenshot }),
		).toBe(screenshot);
	});

	it("tries no variants on other platforms", () => {
		expect(resolveExistingPath("café.txt", "/p", { platform: "linux", exists: () => false })).toBe("/p/café.txt");
	});
});

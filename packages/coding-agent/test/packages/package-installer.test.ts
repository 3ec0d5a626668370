import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NpmClient } from "../../src/core/packages/npm-client.js";
import { installedPackagePath, PackageInstaller } from "../../src/core/packages/package-installer.js";

let root: string;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-installer-"));
});

afterEach(() => {
	rmSync(root, { recursive: true, force: true });
});

// A stand-in package manager: `root -g` prints the given folder; `install` appends its spec to a
// log after a short pause, so two overlapping runs would interleave their start/end lines.
function fakeNpm(globalRoot: string): string {
	const script = join(root, "fake-npm.sh");
	writeFileSync(
		script,
		`#!/bin/sh
if [ "$1" = "root" ]; then echo "${globalRoot}"; exit 0; fi
if [ "$1" = "install" ]; then
  echo "start $*" >> "${join(root, "log")}"
  sleep 0.3
  echo "end" >> "${join(root, "log")}"
  exit 0
fi
exit 0
`,
	);
	chmodSync(script, 0o755);
	return script;
}

describe("installedPackagePath", () => {
	it("finds a personal npm package an older pi installed globally (npm root -g) when <agentDir>/npm lacks it", () => {
		const globalRoot = join(root, "global", "node_modules");
		mkdirSync(join(globalRoot, "pi-old"), { recursive: true });
		writeFileSync(join(globalRoot, "pi-old", "package.json"), '{"name":"pi-old","version":"1.0.0"}');
		const locations = { agentDir: join(root, "agent"), cwd: root, npmCommand: [fakeNpm(globalRoot)] };
		const source = { type: "npm" as const, spec: "pi-old", name: "pi-old", pinned: false };
		expect(installedPackagePath(locations, source, "user", root)).toBe(join(globalRoot, "pi-old"));
		// Project packages never come from the global folder.
		expect(installedPackagePath(locations, source, "project", root)).toBeUndefined();
		const missing = { ...source, spec: "pi-none", name: "pi-none" };
		expect(installedPackagePath(locations, missing, "user", root)).toBeUndefined();
	});
});

describe("PackageInstaller lock", () => {
	it("two installers in one agent dir run one npm install at a time and leave no lock behind", async () => {
		const npmCommand = [fakeNpm(join(root, "none"))];
		const agentDir = join(root, "agent");
		const make = () => new PackageInstaller({ agentDir, cwd: root, npm: new NpmClient(npmCommand) });
		await Promise.all([make().installNpm(["a"], "user"), make().installNpm(["b"], "user")]);
		const lines = readFileSync(join(root, "log"), "utf8").trim().split("\n");
		expect(lines.map((line) => line.split(" ")[0])).toEqual(["start", "end", "start", "end"]);
		expect(existsSync(join(agentDir, "npm.lock"))).toBe(false);
	});
});

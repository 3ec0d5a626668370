import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadExtensions } from "../../src/core/extensions/load-extensions.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

declare global {
	var __order: string[] | undefined;
}

function write(path: string, name: string): string {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(
		path,
		`export default function (pi) {
	pi.registerCommand(${JSON.stringify(name)}, { handler: async () => {} });
	pi.registerCommand("dup", { description: ${JSON.stringify(name)}, handler: async () => {} });
	pi.on("input", () => { (globalThis.__order ??= []).push(${JSON.stringify(name)}); });
}
`,
	);
	return path;
}

describe("extension load order (pi 1.4)", () => {
	it("runs -e extensions, then the project's, then personal ones, then built-ins; shared commands are numbered", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(agentDir, "extensions", "personal.ts"), "personal");
		write(join(cwd, ".pi", "extensions", "project.ts"), "project");
		const cli = write(join(tempDir(), "cli.ts"), "cli");
		const { runner, extensions } = await loadExtensions({
			cwd,
			agentDir,
			extensionPaths: [cli],
			extensionFactories: [
				{
					name: "builtin:demo",
					factory: (pi) => {
						pi.registerCommand("builtin", { handler: async () => {} });
						pi.on("input", () => {
							globalThis.__order?.push("builtin");
						});
					},
				},
			],
			decideProjectTrust: () => true,
		});
		expect(extensions.map((extension) => extension.path)).toEqual([
			cli,
			join(cwd, ".pi", "extensions", "project.ts"),
			join(agentDir, "extensions", "personal.ts"),
			"builtin:demo",
		]);
		expect(runner.getCommands().map((command) => [command.name, command.description])).toEqual([
			["cli", undefined],
			["dup:1", "cli"],
			["project", undefined],
			["dup:2", "project"],
			["personal", undefined],
			["dup:3", "personal"],
			["builtin", undefined],
		]);
		globalThis.__order = [];
		await runner.emit({ type: "input", text: "hi", source: "interactive" } as never);
		expect(globalThis.__order).toEqual(["cli", "project", "personal", "builtin"]);
	});
});

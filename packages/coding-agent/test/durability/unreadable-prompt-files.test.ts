import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { loadResources } from "../../src/core/resources/resource-loader.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function load(agentDir: string, cwd: string) {
	return loadResources({ cwd, agentDir, settings: SettingsManager.inMemory(), projectTrusted: true });
}

describe("unreadable SYSTEM.md / APPEND_SYSTEM.md", () => {
	it("a directory named SYSTEM.md is a warning with its path, not a raw EISDIR", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(cwd, ".pi", "SYSTEM.md"), { recursive: true });
		writeFileSync(join(agentDir, "SYSTEM.md"), "global system");
		const loaded = load(agentDir, cwd);
		expect(loaded.customSystemPrompt).toBe("global system");
		expect(loaded.diagnostics).toContainEqual({
			type: "warning",
			path: join(cwd, ".pi", "SYSTEM.md"),
			message: expect.stringContaining(`Cannot read SYSTEM.md at ${join(cwd, ".pi", "SYSTEM.md")}`),
		});
	});

	it.skipIf(process.platform === "win32" || process.getuid?.() === 0)(
		"an APPEND_SYSTEM.md without read permission is a warning with its path",
		() => {
			const agentDir = tempDir();
			const path = join(agentDir, "APPEND_SYSTEM.md");
			writeFileSync(path, "secret");
			chmodSync(path, 0o000);
			const loaded = load(agentDir, tempDir());
			chmodSync(path, 0o600);
			expect(loaded.appendSystemPrompts).toEqual([]);
			expect(loaded.diagnostics.map((diagnostic) => diagnostic.path)).toContain(path);
		},
	);
});

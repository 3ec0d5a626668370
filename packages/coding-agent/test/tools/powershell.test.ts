import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPowerShellTool, POWERSHELL_WINDOWS_ONLY, resolvePowerShell } from "../../src/core/tools/powershell.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe("the powershell tool (pi 1.4's, on every platform)", () => {
	it.skipIf(process.platform === "win32")("fails every call off Windows with 1.4's message", async () => {
		const tool = createPowerShellTool(tmpdir());
		expect(tool.name).toBe("powershell");
		expect(tool.parameters.properties.command.description).toBe("PowerShell command to execute");
		await expect(tool.execute("call-1", { command: "Get-ChildItem" }, undefined)).rejects.toThrow(
			POWERSHELL_WINDOWS_ONLY,
		);
		expect(POWERSHELL_WINDOWS_ONLY).toBe("The powershell tool is only available on Windows.");
	});

	it("prefers PowerShell 7 on PATH, then Program Files, then Windows PowerShell", () => {
		expect(() => resolvePowerShell("linux", {})).toThrow(POWERSHELL_WINDOWS_ONLY);
		dir = mkdtempSync(join(tmpdir(), "pwsh-"));
		const bin = join(dir, "bin");
		mkdirSync(bin);
		writeFileSync(join(bin, "powershell.exe"), "");
		const env = { Path: bin };
		expect(resolvePowerShell("win32", env)).toEqual({
			shell: join(bin, "powershell.exe"),
			args: ["-NoProfile", "-NonInteractive", "-ExecutionPolicy", "Bypass", "-Command"],
		});
		writeFileSync(join(bin, "pwsh.exe"), "");
		expect(resolvePowerShell("win32", env).shell).toBe(join(bin, "pwsh.exe"));
		expect(() => resolvePowerShell("win32", { Path: "" })).toThrow(/No PowerShell executable found/);
	});
});

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("tool validation without code generation (ai.md §4)", () => {
	it("validates, coerces and reports errors where eval and new Function are forbidden", () => {
		expect(existsSync(`${packageRoot}/dist/index.js`), "build the package first (tsc -b)").toBe(true);
		const script = `
			const ai = await import("./dist/index.js");
			let codegenBlocked = false;
			try { new Function("return 1"); } catch { codegenBlocked = true; }
			const tool = {
				name: "read",
				description: "Read",
				parameters: ai.Type.Object({ path: ai.Type.String(), limit: ai.Type.Optional(ai.Type.Number()), mode: ai.Type.Optional(ai.StringEnum(["a", "b"])) }),
			};
			const ok = ai.validateToolCall([tool], { type: "toolCall", id: "1", name: "read", arguments: { path: "x", limit: "5", mode: "a" } });
			let error = "";
			try { ai.validateToolArguments(tool, { type: "toolCall", id: "2", name: "read", arguments: { path: { nested: true }, mode: "c" } }); }
			catch (caught) { error = caught.message; }
			process.stdout.write(JSON.stringify({ codegenBlocked, ok, error }));
		`;
		const child = spawnSync(
			process.execPath,
			["--disallow-code-generation-from-strings", "--input-type=module", "-e", script],
			{ cwd: packageRoot, encoding: "utf8" },
		);
		expect(child.status, child.stderr).toBe(0);
		const output = JSON.parse(child.stdout) as { codegenBlocked: boolean; ok: unknown; error: string };
		expect(output.codegenBlocked).toBe(true);
		expect(output.ok).toEqual({ path: "x", limit: 5, mode: "a" });
		expect(output.error).toMatch(
			/^Validation failed for tool "read":\n {2}- path: must be string\n {2}- mode: must be equal to one of the allowed values: "a", "b"\n/,
		);
	});
});

import { describe, expect, it, vi } from "vitest";
import { main } from "../src/main.js";

function captureStdout(): { text: () => string; restore: () => void } {
	const spy = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
	return {
		text: () => spy.mock.calls.map((call) => String(call[0])).join(""),
		restore: () => spy.mockRestore(),
	};
}

describe("pi main (in-process)", () => {
	it("prints the version of the binary", async () => {
		const out = captureStdout();
		expect(await main(["--version"])).toBe(0);
		expect(out.text()).toMatch(/^\d+\.\d+\.\d+\n$/);
		out.restore();
	});

	it("--help lists the flags and the subcommands", async () => {
		const out = captureStdout();
		expect(await main(["--help"])).toBe(0);
		const text = out.text();
		out.restore();
		for (const flag of ["--mode", "--print", "--no-session", "--fork", "--api-key", "--list-models", "pi auth set"]) {
			expect(text).toContain(flag);
		}
	});
});

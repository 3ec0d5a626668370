import { describe, expect, it, vi } from "vitest";
import { main } from "../src/main.js";

describe("pi main", () => {
	it("prints the version", async () => {
		const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
		expect(await main(["--version"])).toBe(0);
		expect(log).toHaveBeenCalledWith(expect.stringMatching(/^\d+\.\d+\.\d+$/));
		log.mockRestore();
	});

	it("prints usage without arguments and with --help", async () => {
		const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
		expect(await main([])).toBe(0);
		expect(await main(["--help"])).toBe(0);
		expect(String(log.mock.calls[0]?.[0])).toContain("Usage: pi");
		log.mockRestore();
	});

	it("refuses what this build cannot do yet, with a clear message and exit 1", async () => {
		const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
		expect(await main(["-p", "hello"])).toBe(1);
		expect(String(error.mock.calls[0]?.[0])).toMatch(/^pi: "-p" is not supported by this build yet\./);
		error.mockRestore();
	});
});

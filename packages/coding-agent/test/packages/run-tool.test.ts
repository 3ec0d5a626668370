import { describe, expect, it } from "vitest";
import { runTool, summarizeToolOutput } from "../../src/core/packages/run-tool.js";

describe("summarizeToolOutput", () => {
	it("picks the line that says what went wrong", () => {
		expect(
			summarizeToolOutput(
				"npm error code E404\nnpm error 404 Not Found - GET http://127.0.0.1:9/x - Not found\nnpm error 404\nnpm error A complete log of this run can be found in: /x.log",
			),
		).toBe("404 Not Found - GET http://127.0.0.1:9/x - Not found");
		expect(
			summarizeToolOutput(
				"npm error code ECONNREFUSED\nnpm error syscall connect\nnpm error errno ECONNREFUSED\nnpm error network request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED 127.0.0.1:1",
			),
		).toBe("network request to http://127.0.0.1:1/x failed, reason: connect ECONNREFUSED 127.0.0.1:1");
		expect(summarizeToolOutput("npm error code ENOSPC\nnpm error nospc ENOSPC: no space left on device, write")).toBe(
			"nospc ENOSPC: no space left on device, write",
		);
		expect(summarizeToolOutput("Cloning into 'x'...\nfatal: repository 'http://h/o/r/' not found")).toBe(
			"fatal: repository 'http://h/o/r/' not found",
		);
		expect(summarizeToolOutput("error: pathspec 'v9' did not match any file(s) known to git")).toBe(
			"error: pathspec 'v9' did not match any file(s) known to git",
		);
	});
});

describe("runTool", () => {
	it("a missing command is one clear line", async () => {
		await expect(runTool("pi-no-such-tool-xyz", ["install"])).rejects.toThrow(
			"pi-no-such-tool-xyz was not found on PATH (install Node.js with npm, or set npmCommand in settings.json)",
		);
	});

	it("a failing command reports its telling output line", async () => {
		await expect(
			runTool(process.execPath, ["-e", "console.error('fatal: no such ref'); process.exit(3)"]),
		).rejects.toThrow("fatal: no such ref");
	});

	it("an aborted command is cancelled", async () => {
		const controller = new AbortController();
		const running = runTool(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { signal: controller.signal });
		controller.abort();
		await expect(running).rejects.toThrow(/was cancelled/);
	});
});

describe("runTool output", () => {
	it("hands each chunk on with the stream it was written to, and still resolves with stdout", async () => {
		const seen: [string, string][] = [];
		const stdout = await runTool(
			process.execPath,
			["-e", "process.stdout.write('added 1 package\\n'); process.stderr.write('npm warn x\\n')"],
			{ onOutput: (text, stream) => void seen.push([stream, text]) },
		);
		expect(stdout).toBe("added 1 package\n");
		expect(seen.sort()).toEqual([
			["stderr", "npm warn x\n"],
			["stdout", "added 1 package\n"],
		]);
	});
});

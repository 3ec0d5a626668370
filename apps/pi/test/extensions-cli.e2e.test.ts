import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;
let extensionPath: string;

const EXTENSION = `
export default function (pi) {
	pi.registerFlag("shout", { type: "boolean", description: "Answer loudly" });
	pi.registerFlag("greeting", { type: "string", description: "How to greet" });
	pi.on("session_start", (_event, ctx) => {
		console.log("stray console.log from an extension");
		console.log("flags:" + JSON.stringify({ shout: pi.getFlag("--shout"), greeting: pi.getFlag("--greeting") }));
		console.log("mode:" + ctx.mode + " hasUI:" + ctx.hasUI);
	});
}
`;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
	extensionPath = join(env.cwd, "ext.js");
	writeFileSync(extensionPath, EXTENSION);
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("extensions from the command line", () => {
	it("a console.log from an extension lands on stderr; stdout has only the answer", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "clean answer" }] });
		const result = await runPi(env, ["-e", extensionPath, "-p", "hello"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("clean answer\n");
		expect(result.stderr).toContain("stray console.log from an extension");
		expect(result.stderr).toContain("mode:print hasUI:false");
	});

	it("in JSON mode stdout stays pure JSONL and extensions see mode json", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "x" }] });
		const result = await runPi(env, ["-e", extensionPath, "--mode", "json", "hello"]);
		expect(result.code).toBe(0);
		for (const line of result.stdout.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
		expect(result.stderr).toContain("mode:json hasUI:false");
	});

	it("passes registered flags to the extension; a boolean flag gives back the message after it", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runPi(env, ["-e", extensionPath, "--greeting", "ahoy", "--shout", "hello there", "-p"]);
		expect(result.stderr).toContain('flags:{"shout":true,"greeting":"ahoy"}');
		expect(result.code).toBe(0);
		expect(JSON.stringify(mock.requests[0]?.body)).toContain("hello there");
	});

	it("a flag no extension registered is an error", async () => {
		const result = await runPi(env, ["-e", extensionPath, "--whisper", "-p", "hello"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("Error: Unknown option: --whisper");
		expect(mock.requests).toHaveLength(0);
	});

	it("--help lists the flags the loaded extensions register", async () => {
		const result = await runPi(env, ["-e", extensionPath, "--help"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("Extension flags:");
		expect(result.stdout).toMatch(/--shout\s+Answer loudly/);
		expect(result.stdout).toMatch(/--greeting <value>\s+How to greet/);
	});
});

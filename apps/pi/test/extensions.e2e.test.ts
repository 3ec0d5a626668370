import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createPiTestEnv,
	type MockLlm,
	type PiTestEnv,
	parseJsonLines,
	runPi,
	startMock,
	useMockProvider,
} from "./support/index.js";

const PERMISSION_GATE = join(
	import.meta.dirname,
	"..",
	"..",
	"..",
	"packages",
	"coding-agent",
	"examples",
	"extensions",
	"permission-gate.ts",
);

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("extensions in the built pi", () => {
	it("handlers run as in pi 1.4: -e extensions, then the project's, then personal ones", async () => {
		const transform = (name: string) => `export default function (pi) {
	pi.on("input", (event) => ({ action: "transform", text: event.text + " [${name}]" }));
	pi.on("before_agent_start", (event) => ({ systemPrompt: event.systemPrompt + "\\nSYS-${name}" }));
}
`;
		const write = (path: string, name: string) => {
			mkdirSync(dirname(path), { recursive: true });
			writeFileSync(path, transform(name));
			return path;
		};
		write(join(env.agentDir, "extensions", "personal.ts"), "personal");
		write(join(env.cwd, ".pi", "extensions", "project.ts"), "project");
		const cli = write(join(env.root, "cli.ts"), "cli");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runPi(env, ["--approve", "-e", cli, "-p", "hello"]);
		expect(result.code, result.stderr).toBe(0);
		const body = JSON.stringify(mock.requests[0]?.body);
		expect(body).toContain("hello [cli] [project] [personal]");
		expect(body).toMatch(/SYS-cli\\nSYS-project\\nSYS-personal/);
	});

	it("the shipped permission gate blocks a dangerous bash call in print mode and the model reads why", async () => {
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "sudo rm -rf /tmp/x" } }],
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "understood" }] });
		const result = await runPi(env, ["-e", PERMISSION_GATE, "-p", "clean up"]);
		expect(result.stderr).not.toContain("Extension load failed");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("understood\n");
		expect(JSON.stringify(mock.requests[1]?.body)).toContain("Dangerous command blocked (no UI for confirmation)");
	});

	it("in JSON mode the blocked call ends as an error tool result", async () => {
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "chmod 777 /etc" } }],
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runPi(env, ["-e", PERMISSION_GATE, "--mode", "json", "fix it"]);
		expect(result.code).toBe(0);
		const end = parseJsonLines(result.stdout).find((event) => event.type === "tool_execution_end") as
			| { isError: boolean; result: { content: { text: string }[] } }
			| undefined;
		expect(end?.isError).toBe(true);
		expect(end?.result.content[0]?.text).toBe("Dangerous command blocked (no UI for confirmation)");
	});

	it("a broken extension is reported with path and line; the good one still runs", async () => {
		const broken = join(env.cwd, "broken.ts");
		writeFileSync(broken, "export default function (pi) {\n  const = 1;\n}\n");
		const good = join(env.cwd, "good.js");
		writeFileSync(
			good,
			`export default function (pi) { pi.on("session_start", () => console.error("good loaded")); }\n`,
		);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "still here" }] });
		const result = await runPi(env, ["-e", broken, "-e", good, "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("still here\n");
		expect(result.stderr).toContain(`${broken}:2:`);
		expect(result.stderr).toContain("good loaded");
	});

	it("ctx.reload() from a command in print mode reloads the extension (shutdown, then start with reason reload)", async () => {
		const extension = join(env.cwd, "reloader.js");
		writeFileSync(
			extension,
			[
				"export default function (pi) {",
				'  pi.on("session_start", (event) => console.error(`lifecycle start:${event.reason}`));',
				'  pi.on("session_shutdown", (event) => console.error(`lifecycle shutdown:${event.reason}`));',
				'  pi.registerCommand("reload-me", { handler: (_args, ctx) => ctx.reload() });',
				"}",
				"",
			].join("\n"),
		);
		const result = await runPi(env, ["-e", extension, "-p", "/reload-me"]);
		expect(result.code).toBe(0);
		const lifecycle = result.stderr.split("\n").filter((line) => line.startsWith("lifecycle "));
		expect(lifecycle).toEqual([
			"lifecycle start:startup",
			"lifecycle shutdown:reload",
			"lifecycle start:reload",
			"lifecycle shutdown:quit",
		]);
	});
});

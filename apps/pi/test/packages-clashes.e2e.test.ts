// Packages whose extensions clash (issue 21, as pi 1.4 settles it): a package registering `/mcp`
// (pi-mcp-adapter) replaces the built-in MCP extension with a warning; two packages registering one
// tool stop pi with "Failed to load extension" in every mode, the TUI too.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import {
	createPiTestEnv,
	type MockLlm,
	type PiTestEnv,
	parseJsonLines,
	runPi,
	startMock,
	useMockProvider,
} from "./support/index.js";
import { writePackage } from "./support/package-servers.js";
import { useTmuxSession } from "./tmux-session.js";

const TIMEOUT = 60_000;

function toolPackage(name: string): Record<string, string> {
	return {
		"package.json": JSON.stringify({ name, version: "1.0.0" }),
		"extensions/tool.ts": `import { Type } from "typebox";
export default function (pi) {
	pi.registerTool({ name: "web_search", label: "search", description: "${name}", parameters: Type.Object({}),
		async execute() { return { content: [{ type: "text", text: "${name}" }] }; } });
}
`,
	};
}

const MCP_ADAPTER = {
	"package.json": JSON.stringify({ name: "my-mcp-adapter", version: "1.0.0", pi: { extensions: ["./index.ts"] } }),
	"index.ts": `export default function (pi) {
	pi.registerCommand("mcp", { description: "adapter's mcp", handler: async () => { console.error("adapter mcp ran"); } });
}
`,
};

describe("clashing package extensions", () => {
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

	it(
		"a package's /mcp replaces the built-in MCP extension, with 1.4's warning",
		async () => {
			const dir = join(env.root, "adapter");
			writePackage(dir, MCP_ADAPTER);
			env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", packages: [dir] });
			const result = await runPi(env, ["-p", "/mcp"]);
			expect(result.code).toBe(0);
			expect(result.stderr).toContain(
				`Warning: Extension package "builtin:mcp": Extension ${join(dir, "index.ts")} registers command \`/mcp\`, so built-in extension \`mcp\` was not loaded.`,
			);
			expect(result.stderr).toContain("adapter mcp ran");
			// The replaced built-in's --no-mcp is still a known option.
			const noMcp = await runPi(env, ["--no-mcp", "-p", "/mcp"]);
			expect(noMcp.code).toBe(0);
			expect(noMcp.stderr).not.toContain("Unknown option");
			const rpc = await runPi(env, ["--mode", "rpc"], { stdin: '{"id":"1","type":"get_commands"}\n' });
			const response = parseJsonLines(rpc.stdout).find((line) => line.id === "1") as {
				data: { commands: { name: string; description?: string }[] };
			};
			expect(response.data.commands.filter((command) => command.name === "mcp")).toEqual([
				expect.objectContaining({ description: "adapter's mcp" }),
			]);
		},
		TIMEOUT,
	);

	it(
		"two packages registering one tool: pi stops with exit 1 in print, json and rpc mode",
		async () => {
			const first = join(env.root, "search-one");
			const second = join(env.root, "search-two");
			writePackage(first, toolPackage("search-one"));
			writePackage(second, toolPackage("search-two"));
			env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", packages: [first, second] });
			const expected =
				`Error: Failed to load extension "${join(second, "extensions", "tool.ts")}": ` +
				`Tool "web_search" conflicts with ${join(first, "extensions", "tool.ts")}\n` +
				'Hint: Start without extensions using "pi -ne".\n';
			for (const args of [
				["-p", "hi"],
				["--mode", "json", "hi"],
				["--mode", "rpc"],
			]) {
				const result = await runPi(env, args, { stdin: "" });
				expect(result.code, args.join(" ")).toBe(1);
				expect(result.stderr, args.join(" ")).toContain(expected);
				expect(result.stdout, args.join(" ")).toBe("");
			}
			expect(mock.requests).toHaveLength(0);
			// Without extensions the run goes on.
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const bare = await runPi(env, ["-ne", "-p", "hi"]);
			expect(bare.code).toBe(0);
		},
		TIMEOUT,
	);
});

const tmuxAvailable = hasTmux();
describe.skipIf(!tmuxAvailable)("clashing package extensions at a terminal (tmux)", () => {
	const session = useTmuxSession();

	it("the TUI does not start when two packages register one tool", async () => {
		const first = join(session.env.root, "search-one");
		const second = join(session.env.root, "search-two");
		writePackage(first, toolPackage("search-one"));
		writePackage(second, toolPackage("search-two"));
		const settings = JSON.parse(readFileSync(join(session.env.agentDir, "settings.json"), "utf8")) as object;
		session.env.writeSettings({ ...settings, packages: [first, second] });
		const pi = session.start([]);
		// Long lines wrap at the pane's width.
		const screen = (await pi.waitFor("PI_EXITED 1")).replace(/\n/g, "");
		expect(screen).toContain('Tool "web_search" conflicts with');
		expect(screen).toContain('Hint: Start without extensions using "pi -ne".');
	});
});

// The shipped example extensions (packages/coding-agent/examples/extensions) loaded by the built
// `pi --mode rpc -e <file>`: each loads without an error and registers what it says, and the
// renderers, custom editor, provider object, virtual model, tool override and prompt section
// behave as documented. Plus one extension that imports the host under every published name
// (the host-module map): `@earendil-works/pi-*`, `@mariozechner/pi-*`, `typebox` 1.x, `@sinclair/typebox`.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type RpcConnection, type WireRecord } from "./rpc-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

const EXAMPLES = fileURLToPath(new URL("../../../packages/coding-agent/examples/extensions/", import.meta.url));

let mock: MockLlm | undefined;
let rpc: RpcConnection | undefined;

afterEach(async () => {
	await rpc?.close();
	await mock?.close();
	rpc = undefined;
	mock = undefined;
});

async function start(files: string[], extraArgs: string[] = []): Promise<{ env: PiTestEnv; rpc: RpcConnection }> {
	const env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock);
	rpc = connectRpc(env, ["--no-session", ...files.flatMap((file) => ["-e", file]), ...extraArgs]);
	return { env, rpc };
}

const errorsOf = (connection: RpcConnection) =>
	connection.records.filter((record) => record.type === "extension_error");
const settled = (connection: RpcConnection, count = 1) =>
	connection.waitFor(() => connection.records.filter((record) => record.type === "agent_settled").length >= count);
const notice = (connection: RpcConnection, text: string) =>
	connection.waitFor(
		(record) =>
			record.type === "extension_ui_request" && record.method === "notify" && String(record.message).includes(text),
	);

async function commandsOf(connection: RpcConnection): Promise<string[]> {
	const response = await connection.request({ type: "get_commands" });
	const data = response.data as { commands: { name: string; source: string; path?: string }[] };
	// Only the example's own: the CLI's built-in extensions (e.g. /mcp) register commands too.
	return data.commands
		.filter((command) => command.source === "extension" && command.path?.startsWith(EXAMPLES))
		.map((command) => command.name);
}

describe("shipped example extensions", () => {
	const EXPECTED_COMMANDS: Record<string, string[]> = {
		"audited-read.ts": [],
		"cheap-router.ts": [],
		"confirm-session-switch.ts": [],
		"echo-provider.ts": [],
		"greeting-with-dependency": ["greet"],
		"permission-gate.ts": [],
		"status-notes.ts": ["note"],
		"todo-command.ts": ["todo"],
		"tool-badges.ts": [],
		"turn-status.ts": [],
		"vim-ish-editor.ts": ["vimish"],
		"word-count-tool.ts": [],
	};

	it("the list above names every example", () => {
		expect(readdirSync(EXAMPLES).sort()).toEqual(Object.keys(EXPECTED_COMMANDS).sort());
	});

	for (const [name, commands] of Object.entries(EXPECTED_COMMANDS)) {
		it(`${name} loads without an error and registers its commands`, async () => {
			const { rpc } = await start([join(EXAMPLES, name)]);
			expect(await commandsOf(rpc)).toEqual(commands);
			expect(errorsOf(rpc)).toEqual([]);
			expect(rpc.stderr()).not.toMatch(/xtension/);
		});
	}

	it("status-notes: /note adds a custom message and an entry", async () => {
		const { rpc } = await start([join(EXAMPLES, "status-notes.ts")]);
		await rpc.request({ type: "prompt", message: "/note buy milk" });
		await notice(rpc, "noted: buy milk");
		const messages = (await rpc.request({ type: "get_messages" })).data as { messages: WireRecord[] };
		expect(messages.messages).toContainEqual(
			expect.objectContaining({ role: "custom", customType: "note", content: "Note: buy milk" }),
		);
		const entries = (await rpc.request({ type: "get_entries" })).data as { entries: WireRecord[] };
		expect(entries.entries).toContainEqual(expect.objectContaining({ type: "custom", customType: "note-log" }));
	});

	it("vim-ish-editor: the editor swap degrades to a no-op without a TUI", async () => {
		const { rpc } = await start([join(EXAMPLES, "vim-ish-editor.ts")]);
		await rpc.request({ type: "prompt", message: "/vimish" });
		await notice(rpc, "vim-ish editor off");
		expect(errorsOf(rpc)).toEqual([]);
	});

	it("echo-provider: a provider registered as an object answers offline", async () => {
		const { rpc } = await start([join(EXAMPLES, "echo-provider.ts")], ["--model", "echo/parrot"]);
		await rpc.request({ type: "prompt", message: "hello there" });
		await settled(rpc);
		const text = (await rpc.request({ type: "get_last_assistant_text" })).data as { text: string };
		expect(text.text).toBe("echo: hello there");
		expect(mock!.requests).toHaveLength(0);
	});

	it("cheap-router: the virtual model routes to the physical model, which the reply names", async () => {
		const { rpc } = await start([join(EXAMPLES, "cheap-router.ts")], ["--model", "router/auto"]);
		const state = (await rpc.request({ type: "get_state" })).data as { model: { provider: string; id: string } };
		expect(state.model).toMatchObject({ provider: "router", id: "auto" });
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "routed" }] });
		await rpc.request({ type: "prompt", message: "hi" });
		await settled(rpc);
		expect(mock!.requests.filter((request) => request.api === "openai-completions")).toHaveLength(1);
		const messages = (await rpc.request({ type: "get_messages" })).data as { messages: WireRecord[] };
		expect(messages.messages.at(-1)).toMatchObject({ role: "assistant", provider: "mock", model: "mock-model" });
	});

	it("audited-read: the override refuses secrets, delegates the rest, and adds its prompt section", async () => {
		const { env, rpc } = await start([join(EXAMPLES, "audited-read.ts")]);
		writeFileSync(join(env.cwd, ".env"), "TOKEN=secret");
		writeFileSync(join(env.cwd, "notes.txt"), "plain notes");
		mock!.enqueue({ type: "reply", blocks: [{ type: "toolCall", name: "read", arguments: { path: ".env" } }] });
		mock!.enqueue({ type: "reply", blocks: [{ type: "toolCall", name: "read", arguments: { path: "notes.txt" } }] });
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "done" }] });
		await rpc.request({ type: "prompt", message: "read them" });
		await settled(rpc);
		const results = rpc.records
			.filter((record) => record.type === "tool_execution_end")
			.map((record) => JSON.stringify(record.result));
		expect(results[0]).toContain("Refused: .env may hold secrets.");
		expect(results[1]).toContain("plain notes");
		expect(JSON.stringify(mock!.requests[0]!.body)).toContain("<secrets_policy>");
		expect(errorsOf(rpc)).toEqual([]);
	});
});

const HOST_NAMES_EXTENSION = `
import { defineTool, getAgentDir, CONFIG_DIR_NAME, VERSION } from "@earendil-works/pi-coding-agent";
import { StringEnum, uuidv7 } from "@earendil-works/pi-ai";
import { registerApiProvider, openAIResponsesApi } from "@earendil-works/pi-ai/compat";
import { Key, matchesKey, Text, visibleWidth } from "@mariozechner/pi-tui";
import { Type } from "typebox";
import { Compile } from "typebox/compile";
import { Value } from "@sinclair/typebox/value";

const params = Type.Object({ mood: StringEnum(["calm", "busy"]), count: Type.Optional(Type.Number()) });
const check = Compile(params);

export default function (pi) {
	pi.registerTool(defineTool({
		name: "mood",
		label: "Mood",
		description: "Reports a mood",
		parameters: params,
		async execute(_id, args) {
			return { content: [{ type: "text", text: "mood=" + args.mood }], details: {} };
		},
	}));
	pi.registerCommand("host-names", {
		handler: async (_args, ctx) => {
			const facts = {
				compiled: check.Check({ mood: "calm" }) && !check.Check({ mood: "angry" }),
				value: Value.Check(Type.Object({ count: Type.Number() }), { count: 2 }),
				key: Key.ctrlAlt("x"),
				matches: matchesKey("\\x1b", Key.escape),
				width: visibleWidth(new Text("ab", 0, 0).render(10)[0].trimEnd()),
				uuid: /^[0-9a-f-]{36}$/.test(uuidv7()),
				agentDir: getAgentDir().endsWith(CONFIG_DIR_NAME + "/agent"),
				version: typeof VERSION,
				compat: typeof registerApiProvider === "function" && openAIResponsesApi().api,
				theme: typeof ctx.ui.theme.fg("accent", "x"),
			};
			ctx.ui.notify("facts " + JSON.stringify(facts));
		},
	});
}
`;

describe("the host-module map", () => {
	it("an extension importing the host by its published names gets the host's modules", async () => {
		const env = createPiTestEnv();
		mock = await startMock();
		useMockProvider(env, mock);
		writeFileSync(join(env.cwd, "host-names.ts"), HOST_NAMES_EXTENSION);
		rpc = connectRpc(env, ["--no-session", "-e", "./host-names.ts"]);
		await rpc.request({ type: "prompt", message: "/host-names" });
		const record = await notice(rpc, "facts ");
		expect(JSON.parse(String(record.message).slice(6))).toEqual({
			compiled: true,
			value: true,
			key: "ctrl+alt+x",
			matches: true,
			width: 2,
			uuid: true,
			agentDir: true,
			version: "string",
			compat: "openai-responses",
			theme: "string",
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "toolCall", name: "mood", arguments: { mood: "calm" } }] });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await rpc.request({ type: "prompt", message: "how are you" });
		await settled(rpc);
		const end = rpc.records.find((entry) => entry.type === "tool_execution_end");
		expect(JSON.stringify(end?.result)).toContain("mood=calm");
		expect(errorsOf(rpc)).toEqual([]);
	});
});

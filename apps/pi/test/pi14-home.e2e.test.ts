// A pi 1.4 user's agent directory and scripts, through the built binary (issue 24). Every file is
// written here from pi 1.4's documented formats (its settings, models configuration, session
// format, CLI and environment variable references).
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import photon from "@silvia-odwyer/photon-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectRpc } from "./rpc-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

interface ChatBody {
	model: string;
	messages: { role: string; content: unknown }[];
	tools?: { function: { name: string } }[];
	[field: string]: unknown;
}

const SESSION_ID = "0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

const usage = (input: number, output: number, total: number) => ({
	input,
	output,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: input + output,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total },
});

/** models.json as 1.4 documents it: provider name, per-model baseUrl/headers, cost tiers, … */
function writeModels(): void {
	env.writeModelsJson({
		$schema: "https://pi.dev/schemas/models.schema.json",
		providers: {
			lab: {
				name: "Lab Server",
				baseUrl: "http://127.0.0.1:1/unused",
				api: "openai-completions",
				headers: { "X-Team": "blue" },
				compat: { supportsDeveloperRole: false, supportsStore: false },
				models: [
					{
						id: "lab-1",
						name: "Lab One",
						baseUrl: `${mock.url}/v1`,
						reasoning: true,
						contextWindow: 100000,
						maxTokens: 4000,
						headers: { "X-Model": "one" },
						cost: {
							input: 1,
							output: 2,
							cacheRead: 0.1,
							cacheWrite: 1,
							tiers: [{ inputTokensAbove: 50000, input: 2, output: 4, cacheRead: 0.2, cacheWrite: 2 }],
						},
						promptCache: { short: 300 },
						inputLimits: { maxRequestBytes: 1000000, images: { maxPerMessage: 4 } },
						samplingParams: { temperature: 0.5 },
						samplingParamsByThinkingLevel: { high: { top_k: 20 } },
					},
					{ id: "broken", contextWindow: "big" },
				],
			},
		},
	});
	// The key of the custom provider lives in auth.json only.
	writeFileSync(join(env.agentDir, "auth.json"), JSON.stringify({ lab: { type: "api_key", key: "sk-lab-auth" } }));
}

/** settings.json with keys of every kind 1.4 has. */
function writeSettings(extra: Record<string, unknown> = {}): void {
	env.writeSettings({
		$schema: "https://pi.dev/schemas/settings.schema.json",
		deviceId: "2b1f0c9e-0000-4000-8000-000000000000",
		lastChangelogVersion: "1.4.0",
		defaultProvider: "lab",
		defaultModel: "lab-1",
		defaultThinkingLevel: "high",
		defaultTools: ["-write", "+grep"],
		transport: "websocket-cached",
		quietStartup: "header",
		cacheWarming: "streaming",
		fullscreenScrollbar: "auto",
		fullscreenCopyOnSelect: true,
		compaction: { enabled: true, modelOverrides: { "lab/lab-1": { reserveTokens: 8000 } } },
		...extra,
	});
}

/** A session 1.4 wrote: system-prompt message and patch, a usage entry, two context edits. */
function writePi14Session(): string {
	const dir = join(env.agentDir, "sessions", `--${realpathSync(env.cwd).slice(1).replaceAll("/", "-")}--`);
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `2026-01-01T00-00-00-000Z_${SESSION_ID}.jsonl`);
	const at = "2026-01-01T00:00:00.000Z";
	const message = (id: string, parentId: string, body: Record<string, unknown>) => ({
		type: "message",
		id,
		parentId,
		timestamp: at,
		message: { timestamp: 1767225600000, ...body },
	});
	const assistant = (text: string) => ({
		role: "assistant",
		content: [{ type: "text", text }],
		api: "openai-completions",
		provider: "lab",
		model: "lab-1",
		usage: usage(100, 10, 0.5),
		stopReason: "stop",
		thinkingLevel: "high",
	});
	const lines = [
		{ type: "session", version: 3, id: SESSION_ID, timestamp: at, cwd: realpathSync(env.cwd) },
		{ type: "model_change", id: "a0000001", parentId: null, timestamp: at, provider: "lab", modelId: "lab-1" },
		{ type: "thinking_level_change", id: "a0000002", parentId: "a0000001", timestamp: at, thinkingLevel: "high" },
		message("a0000003", "a0000002", {
			role: "system",
			content: "",
			sections: { preamble: "You are the 1.4 prompt.", cwd: env.cwd },
			toolsAdded: [{ name: "read", description: "Read a file", parameters: {} }],
		}),
		message("a0000004", "a0000003", { role: "user", content: [{ type: "text", text: "my token is tok-SECRET-1" }] }),
		message("a0000005", "a0000004", assistant("noted the token")),
		{
			type: "usage",
			id: "a0000006",
			parentId: "a0000005",
			timestamp: at,
			kind: "cache_warm",
			provider: "lab",
			model: "lab-1",
			usage: usage(0, 0, 0.25),
		},
		message("a0000007", "a0000006", { role: "system", content: "", sections: { skills: "<skills></skills>" } }),
		{
			type: "context_edit",
			id: "a0000008",
			parentId: "a0000007",
			timestamp: at,
			targetId: "a0000004",
			replacement: { content: "my token is [redacted]" },
		},
		{
			type: "context_edit",
			id: "a0000009",
			parentId: "a0000008",
			timestamp: at,
			targetId: "a0000005",
			replacement: null,
		},
		message("a000000a", "a0000009", { role: "user", content: "second question" }),
		message("a000000b", "a000000a", assistant("second answer")),
	];
	writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
	return file;
}

/** A one-colour PNG (photon, as pi encodes them). */
function solidPng(width: number, height: number): Uint8Array {
	const image = new photon.PhotonImage(new Uint8Array(width * height * 4).fill(180), width, height);
	try {
		return image.get_bytes();
	} finally {
		image.free();
	}
}

/** Width and height from a base64 PNG's IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
	const bytes = Buffer.from(base64, "base64");
	return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const reply = (text: string) => mock.enqueue({ type: "reply", blocks: [{ type: "text", text }] });
const lastBody = () => mock.requests.at(-1)?.body as ChatBody;
const toolNames = (body: ChatBody) => (body.tools ?? []).map((tool) => tool.function.name).sort();

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	writeModels();
	writeSettings();
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("a pi 1.4 agent directory", () => {
	it("models.json: every 1.4 field is used; the key comes from auth.json; a bad entry costs that entry", async () => {
		reply("hi");
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("hi\n");
		expect(result.stderr).toContain("providers.lab.models[1].contextWindow must be a positive number");
		expect(result.stderr).not.toContain("Error");
		const request = mock.requests.at(-1)!;
		expect(request.path).toBe("/v1/chat/completions");
		expect(request.headers.authorization).toBe("Bearer sk-lab-auth");
		expect(request.headers["x-team"]).toBe("blue");
		expect(request.headers["x-model"]).toBe("one");
		const body = lastBody();
		expect(body).toMatchObject({ model: "lab-1", temperature: 0.5, top_k: 20, reasoning_effort: "high" });
		expect(body.messages[0]?.role).toBe("system");
		expect(body).not.toHaveProperty("store");
	});

	it("settings.json: defaultTools changes apply, 1.4 keys without an effect are named in one warning", async () => {
		reply("ok");
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(0);
		expect(toolNames(lastBody())).toEqual(["bash", "edit", "grep", "read"]);
		const lines = result.stderr.split("\n").filter((line) => line.includes("settings.json"));
		expect(lines).toEqual([
			expect.stringContaining('pi 1.4 setting "fullscreenCopyOnSelect" has no effect in this version'),
		]);
	});

	it("httpProxy is applied as HTTP_PROXY and HTTPS_PROXY (commands inherit them)", async () => {
		writeSettings({ httpProxy: "http://127.0.0.1:9" });
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", name: "bash", arguments: { command: "echo proxy=$HTTPS_PROXY" } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		const result = await runPi(env, ["-p", "hello"], { extraEnv: { NO_PROXY: "127.0.0.1" } });
		expect(result.code).toBe(0);
		expect(JSON.stringify(lastBody().messages)).toContain("proxy=http://127.0.0.1:9");
	});

	it("inputLimits.images.resize: read and @file images are encoded for the model before they are sent", async () => {
		const models = JSON.parse(readFileSync(join(env.agentDir, "models.json"), "utf8"));
		Object.assign(models.providers.lab.models[0], {
			input: ["text", "image"],
			inputLimits: { images: { resize: { maxWidth: 64, maxHeight: 48, jpegQuality: 70 } } },
		});
		env.writeModelsJson(models);
		writeFileSync(join(env.cwd, "shot.png"), solidPng(640, 320));
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", name: "read", arguments: { path: "shot.png" } }] },
			{ type: "reply", blocks: [{ type: "text", text: "seen" }] },
		);
		const result = await runPi(env, ["-p", "@shot.png", "look"]);
		expect(result).toMatchObject({ code: 0, stdout: "seen\n" });
		const sent = JSON.stringify(lastBody().messages);
		const urls = [...sent.matchAll(/data:image\/png;base64,([A-Za-z0-9+/=]+)/g)].map((match) => match[1] ?? "");
		// The @file attachment of the prompt and the read result: both 64x32 (the 64x48 box, aspect kept).
		expect(urls.map(pngSize)).toEqual([
			{ width: 64, height: 32 },
			{ width: 64, height: 32 },
		]);
	});

	it("trust.json in 1.4's format (true) trusts the project: its AGENTS.md is loaded without --approve", async () => {
		writeFileSync(join(env.cwd, "AGENTS.md"), "Project rule: answer in haiku.");
		mkdirSync(join(env.cwd, ".pi"));
		writeFileSync(join(env.cwd, ".pi", "settings.json"), "{}");
		writeFileSync(join(env.agentDir, "trust.json"), JSON.stringify({ [realpathSync(env.cwd)]: true }));
		reply("ok");
		const result = await runPi(env, ["-p", "hello"]);
		expect(result.code).toBe(0);
		expect(JSON.stringify(lastBody().messages[0])).toContain("answer in haiku");
	});
});

describe("a session pi 1.4 wrote", () => {
	it("continues with context edits applied, and what ours appends continues 1.4's entry chain", async () => {
		const file = writePi14Session();
		const before = readFileSync(file, "utf8");
		reply("third answer");
		const result = await runPi(env, ["-c", "-p", "third question"]);
		expect(result.stderr).not.toContain("Error");
		expect(result.code).toBe(0);
		const body = lastBody();
		const sent = JSON.stringify(body.messages);
		expect(sent).not.toContain("tok-SECRET-1");
		expect(sent).toContain("my token is [redacted]");
		expect(sent).not.toContain("noted the token");
		expect(sent).not.toContain("You are the 1.4 prompt.");
		expect(body.messages.map((message) => message.role)).toEqual(["system", "user", "user", "assistant", "user"]);
		// Appended, never rewritten: the 1.4 lines are byte for byte the same, and the new entries are
		// 1.4 entries (type, id, parentId chain, ISO timestamp) hanging off 1.4's last one.
		const after = readFileSync(file, "utf8");
		expect(after.startsWith(before)).toBe(true);
		const added = after
			.slice(before.length)
			.trim()
			.split("\n")
			.map((line) => JSON.parse(line) as Record<string, unknown>);
		expect(added.map((entry) => entry.type)).toEqual(["message", "message"]);
		expect(added[0]).toMatchObject({ parentId: "a000000b", message: { role: "user" } });
		expect(added[1]).toMatchObject({ parentId: added[0]?.id, message: { role: "assistant", provider: "lab" } });
		for (const entry of added) {
			expect(typeof entry.timestamp === "string" && !Number.isNaN(Date.parse(entry.timestamp))).toBe(true);
			// 1.4's field order, so the file reads as one format.
			expect(Object.keys(entry).slice(0, 4)).toEqual(["type", "id", "parentId", "timestamp"]);
		}
	});

	it("counts usage entries and every message entry in the session stats, as 1.4 does", async () => {
		writePi14Session();
		const rpc = connectRpc(env, ["-c"]);
		try {
			const stats = await rpc.request({ type: "get_session_stats" });
			// Counts are 1.4's: every message entry (system ones too), the edited-out answer included.
			expect(stats).toMatchObject({
				success: true,
				data: { sessionId: SESSION_ID, cost: 1.25, userMessages: 2, assistantMessages: 2, totalMessages: 6 },
			});
		} finally {
			await rpc.close();
		}
	});
});

describe("pi 1.4's command line", () => {
	it("accepts the short tool and resource flags", async () => {
		reply("ok");
		let result = await runPi(env, ["-t", "read,bash", "-xt", "bash", "-ns", "-np", "-p", "hi"]);
		expect(result.stderr).not.toContain("Error");
		expect(toolNames(lastBody())).toEqual(["read"]);
		reply("ok");
		result = await runPi(env, ["-nt", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(toolNames(lastBody())).toEqual([]);
		reply("ok");
		result = await runPi(env, ["-nbt", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(toolNames(lastBody())).toEqual([]);
	});

	it("-nt starts from no tool and -t adds to it (patterns and changes alike); mixing is refused", async () => {
		reply("ok");
		let result = await runPi(env, ["-nt", "-t", "gr*", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(toolNames(lastBody())).toEqual(["grep"]);
		reply("ok");
		result = await runPi(env, ["-nt", "-t", "+find", "-p", "hi"]);
		expect(toolNames(lastBody())).toEqual(["find"]);
		result = await runPi(env, ["-t", "read,+find", "-p", "hi"]);
		expect(result).toMatchObject({
			code: 1,
			stderr: "Error: -t: tool names cannot be mixed with +name or -name entries\n",
		});
	});

	it("--tools=a,b is an unknown option, as 1.4 reads `--name=value` only as an extension flag", async () => {
		const result = await runPi(env, ["--tools=read,bash", "-p", "hi"]);
		expect(result).toMatchObject({ code: 1, stdout: "", stderr: "Error: Unknown option: --tools\n" });
		expect(mock.requests).toHaveLength(0);
	});

	it("-t '*' offers 1.4's powershell tool, which answers off Windows that it is Windows-only", async () => {
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", name: "powershell", arguments: { command: "Get-ChildItem" } }] },
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		const result = await runPi(env, ["-t", "*", "-p", "hi"]);
		expect(result).toMatchObject({ code: 0, stdout: "done\n" });
		// 1.4's order of the built-ins; the built-in extensions' tools follow.
		const first = mock.requests[0]?.body as ChatBody;
		expect((first.tools ?? []).map((tool) => tool.function.name).slice(0, 8)).toEqual([
			"read",
			"bash",
			"powershell",
			"edit",
			"write",
			"grep",
			"find",
			"ls",
		]);
		const answer = lastBody().messages.at(-1) as { role: string; content: unknown };
		expect(answer).toMatchObject({ role: "tool", content: "The powershell tool is only available on Windows." });
	});

	it("--session-id creates a session with that id, then opens it again", async () => {
		reply("first");
		let result = await runPi(env, ["--session-id", "my-task.1", "-p", "one"]);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain(
			"Warning: No project session found with id 'my-task.1'; creating a new session with that id.",
		);
		reply("second");
		result = await runPi(env, ["--session-id", "my-task.1", "-p", "two"]);
		expect(result.code).toBe(0);
		expect(result.stderr).not.toContain("No project session found");
		expect(JSON.stringify(lastBody().messages)).toContain("first");
		const sessions = readdirSync(join(env.agentDir, "sessions"), { recursive: true }).map(String);
		expect(sessions.filter((name) => name.endsWith("_my-task.1.jsonl"))).toHaveLength(1);
		result = await runPi(env, ["--session-id", "-bad-", "-p", "x"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			"Error: Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', and start and end with an alphanumeric character\n",
		);
	});

	it("--export <file> [out] writes the session as HTML and exits", async () => {
		const file = writePi14Session();
		let result = await runPi(env, ["--export", file, "out/session.html"]);
		expect(result).toMatchObject({ code: 0, stdout: "Exported to: out/session.html\n" });
		expect(readFileSync(join(env.cwd, "out", "session.html"), "utf8")).toContain("second answer");
		result = await runPi(env, ["--export", file]);
		expect(result.code).toBe(0);
		expect(existsSync(join(env.cwd, `pi-session-2026-01-01T00-00-00-000Z_${SESSION_ID}.html`))).toBe(true);
		result = await runPi(env, ["--export", "missing.jsonl"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("File not found");
		expect(mock.requests).toHaveLength(0);
	});

	it("--use-theme and --tui-mode are accepted (a bad --tui-mode is named)", async () => {
		reply("ok");
		let result = await runPi(env, ["--use-theme", "light/dark", "--tui-mode", "fullscreen", "-p", "hi"]);
		expect(result.code).toBe(0);
		result = await runPi(env, ["--tui-mode", "sideways", "-p", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe('Error: Invalid TUI mode "sideways". Valid values: regular, fullscreen\n');
	});

	it("pi auth check", async () => {
		let result = await runPi(env, ["auth", "check", "--provider", "lab"]);
		expect(result).toMatchObject({ code: 0, stdout: "ready\n" });
		result = await runPi(env, ["auth", "check", "--model", "lab/lab-1", "--json", "--credentials"]);
		expect(JSON.parse(result.stdout)).toEqual({
			status: "ready",
			provider: "lab",
			authType: "api_key",
			credentials: "sk-lab-auth",
		});
		result = await runPi(env, ["auth", "check", "--provider", "anthropic", "--json"]);
		expect(result.code).toBe(1);
		expect(JSON.parse(result.stdout)).toMatchObject({ status: "not_ready", reason: "credentials_not_configured" });
		result = await runPi(env, ["auth", "check", "--model", "no-such-model"]);
		expect(result).toMatchObject({ code: 2, stdout: "invalid\n" });
		result = await runPi(env, ["auth", "check", "--model", "no-such-model", "--json"]);
		expect(JSON.parse(result.stdout)).toEqual({
			status: "invalid",
			provider: "no-such-model",
			reason: "invalid_state",
		});
		// As 1.4: `provider/id` names the provider (the id is not looked up); --provider wins over --model.
		result = await runPi(env, ["auth", "check", "--model", "lab/not-listed"]);
		expect(result).toMatchObject({ code: 0, stdout: "ready\n" });
		result = await runPi(env, ["auth", "check", "--provider", "anthropic", "--model", "lab/lab-1"]);
		expect(result).toMatchObject({ code: 1, stdout: "not_ready\n" });
	});

	it("pi auth print-api-key, and the usage errors of both", async () => {
		let result = await runPi(env, ["auth", "print-api-key", "--provider", "lab"]);
		expect(result).toMatchObject({ code: 0, stdout: "sk-lab-auth\n" });
		result = await runPi(env, ["auth", "print-api-key", "--model", "nope"]);
		expect(result).toMatchObject({
			code: 1,
			stderr: 'Error: Model "nope" not found. Use --list-models to see available models.\n',
		});
		result = await runPi(env, ["auth", "check"]);
		expect(result).toMatchObject({
			code: 2,
			stderr: "Error: Auth checks require --provider <provider> or --model <model>\n",
		});
		result = await runPi(env, ["auth", "print-api-key"]);
		expect(result).toMatchObject({
			code: 1,
			stderr: "Error: Credential printing requires --provider <provider> or --model <model>\n",
		});
	});

	it("bash commands see PI_* session variables and the process markers", async () => {
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", name: "bash", arguments: { command: "env | grep -E '^(PI_|AI_AGENT)' | sort" } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		const result = await runPi(env, ["--session-id", "envcheck", "--thinking", "low", "-p", "env"], {
			extraEnv: {
				PI_SESSION_FILE: "/inherited/from/a/parent.jsonl",
				PI_OFFLINE: "true",
				PI_SKIP_VERSION_CHECK: undefined,
			},
		});
		expect(result.code).toBe(0);
		const toolResult = lastBody().messages.find((message) => message.role === "tool");
		const output = String(toolResult?.content);
		expect(output).toContain("AI_AGENT=pi");
		expect(output).toContain("PI_CODING_AGENT=true");
		expect(output).toContain("PI_SESSION_ID=envcheck");
		expect(output).toMatch(/PI_SESSION_FILE=\/.*_envcheck\.jsonl/);
		expect(output).toContain("PI_PROVIDER=lab");
		expect(output).toContain("PI_MODEL=lab-1");
		expect(output).toContain("PI_REASONING_LEVEL=low");
		// Offline in any of 1.4's spellings: normalised, and the version check named off.
		expect(output).toContain("PI_OFFLINE=1");
		expect(output).toContain("PI_SKIP_VERSION_CHECK=1");
	});

	it("a new session gets a UUIDv7 id, as 1.4 makes them", async () => {
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", name: "bash", arguments: { command: "echo id=$PI_SESSION_ID" } }] },
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		const result = await runPi(env, ["-p", "id"]);
		expect(result.code).toBe(0);
		const toolResult = lastBody().messages.find((message) => message.role === "tool");
		expect(String(toolResult?.content)).toMatch(
			/id=[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/,
		);
	});
});

// The ways a sign-in fails, through the built pi against the loopback authorization server
// (issue 27): each ends with one clear line on stderr, exit status 1, and auth.json exactly as it
// was. Then the promise that tokens never leave auth.json: every output a user or an app can
// see or save is scanned for every token the server issued.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type RpcConnection } from "./rpc-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock } from "./support/index.js";

let env: PiTestEnv | undefined;
let auth: MockAuthServer | undefined;
let mock: MockLlm | undefined;
let blocker: Server | undefined;
let rpc: RpcConnection | undefined;

afterEach(async () => {
	if (rpc && rpc.child.exitCode === null) rpc.child.kill("SIGKILL");
	await rpc?.exited;
	await auth?.close();
	await mock?.close();
	await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
	env?.cleanup();
	auth = mock = blocker = rpc = env = undefined;
});

const MODEL = ["--model", "anthropic/claude-opus-4-6"];

/** An auth.json that must survive a failed sign-in or refresh byte for byte. */
function storeAuthJson(e: PiTestEnv, value: unknown): () => void {
	const path = join(e.agentDir, "auth.json");
	writeFileSync(path, JSON.stringify(value), { mode: 0o600 });
	const before = { text: readFileSync(path, "utf8"), mtimeMs: statSync(path).mtimeMs };
	return () => {
		expect(readFileSync(path, "utf8")).toBe(before.text);
		expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
	};
}

/** The one line a failure prints: no stack, nothing else. */
function expectOneLine(stderr: string, pattern: RegExp): void {
	expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
	expect(stderr).toMatch(pattern);
	expect(stderr).not.toMatch(/\n\s+at /);
}

/** A loopback address nothing listens on. */
async function deadOrigin(): Promise<string> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}`;
}

const OTHER_KEY = { openai: { type: "api_key", key: "sk-kept" } };

describe("a sign-in that fails", () => {
	it("offline (server unreachable): one line naming the host, exit 1, auth.json untouched", async () => {
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: await deadOrigin() });
		const untouched = storeAuthJson(env, OTHER_KEY);
		const result = await runPi(env, ["auth", "login", "github-copilot"]);
		expect(result.code).toBe(1);
		expectOneLine(
			result.stderr,
			/^Error: GitHub Copilot: could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the network/,
		);
		untouched();
	});

	it("a device code that expires before approval: says to run it again, stores nothing", async () => {
		auth = await startMockAuthServer();
		auth.devicePolls = ["pending", "expired"];
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		const untouched = storeAuthJson(env, OTHER_KEY);
		const result = await runPi(env, ["auth", "login", "github-copilot"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain("enter the code ABCD-1234");
		expectOneLine(
			result.stderr,
			/^Error: GitHub Copilot: the device code expired before it was approved; run the sign-in again/,
		);
		untouched();
	});

	it("the callback port in use: names the port and the way around it, stores nothing", async () => {
		auth = await startMockAuthServer();
		blocker = createServer();
		await new Promise<void>((resolve) => blocker!.listen(0, "127.0.0.1", resolve));
		const port = (blocker.address() as { port: number }).port;
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: String(port) });
		const untouched = storeAuthJson(env, OTHER_KEY);
		const result = await runPi(env, ["auth", "login", "openai-codex"]);
		expect(result.code).toBe(1);
		expectOneLine(
			result.stderr,
			new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use.*--method device_code or paste`),
		);
		untouched();
	});

	it("a skewed server clock at sign-in: expiry is counted on this machine's clock, no refresh needed", async () => {
		auth = await startMockAuthServer({ expiresIn: 3600 });
		auth.dateOffsetMs = -3 * 3600_000;
		auth.devicePolls = ["approve"];
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		const before = Date.now();
		const login = await runPi(env, ["auth", "login", "github-copilot"]);
		expect(login.stderr).toBe("");
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8"))["github-copilot"] as {
			expires: number;
		};
		// expires_in from now (less pi's margin), whatever the server's Date says.
		expect(stored.expires).toBeGreaterThan(before + 30 * 60_000);
		expect(stored.expires).toBeLessThanOrEqual(Date.now() + 3600_000);
	});
});

describe("a stored sign-in that cannot be refreshed", () => {
	const expired = (access: string) => ({
		anthropic: { type: "oauth", access, refresh: "refresh-unknown", expires: Date.now() - 60_000 },
	});

	it("clock skew (expires in the past, the server's clock 20 minutes ahead): pi -p says to fix the clock", async () => {
		auth = await startMockAuthServer();
		auth.dateOffsetMs = 20 * 60_000;
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		const untouched = storeAuthJson(env, expired("sk-ant-oat01-skewed"));
		const run = await runPi(env, ["-p", "hi", "--no-session", ...MODEL]);
		expect(run.code).toBe(1);
		expectOneLine(run.stderr, /this machine's clock is 20 minutes behind the server's.*enable NTP/);
		expect(run.stderr).not.toContain("No API key");
		expect(mock.requests).toHaveLength(0);
		untouched();
	});

	it("clock skew the other way (expires in the future, the server says expired): one refresh, then the request", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		auth.validRefreshTokens.add("refresh-0");
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		// This machine believes the token has a day left; the vendor answers 401.
		storeAuthJson(env, {
			anthropic: {
				type: "oauth",
				access: "sk-ant-oat01-ahead",
				refresh: "refresh-0",
				expires: Date.now() + 86_400_000,
			},
		});
		mock.enqueue({ type: "error", status: 401 });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const run = await runPi(env, ["-p", "hi", "--no-session", ...MODEL]);
		expect(run.stderr).toBe("");
		expect(run.stdout).toBe("ok\n");
		expect(auth.grants).toEqual(["refresh_token"]);
	});

	it("offline: pi -p and print-bearer-token say the server could not be reached, exit 1, auth.json untouched", async () => {
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: await deadOrigin() });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		const untouched = storeAuthJson(env, expired("sk-ant-oat01-offline"));
		const run = await runPi(env, ["-p", "hi", "--no-session", ...MODEL]);
		expect(run.code).toBe(1);
		expectOneLine(run.stderr, /could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check the network connection/);
		expect(run.stderr).not.toContain("sk-ant-oat01-offline");
		const bearer = await runPi(env, ["auth", "print-bearer-token", "anthropic"]);
		expect(bearer.code).toBe(1);
		expect(bearer.stdout).toBe("");
		expectOneLine(bearer.stderr, /^Error: .*could not reach 127\.0\.0\.1/);
		// Without --model: not "no provider has a credential", but which one fails and why.
		const guess = await runPi(env, ["-p", "hi", "--no-session"]);
		expect(guess.code).toBe(1);
		expect(guess.stderr.split("\n").slice(0, 2)).toEqual([
			"pi: no model available: a stored credential cannot be used.",
			expect.stringMatching(/^ {2}OAuth refresh failed for provider "anthropic": .*could not reach 127\.0\.0\.1/),
		]);
		expect(mock.requests).toHaveLength(0);
		untouched();
	});
});

describe("tokens never leave auth.json", () => {
	it("not in JSON events, the session file, --export, RPC get_state/get_messages/export_html, stderr or any file", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		auth.validRefreshTokens.add("refresh-leak-0");
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		storeAuthJson(env, {
			anthropic: { type: "oauth", access: "sk-ant-oat01-leak-0", refresh: "refresh-leak-0", expires: Date.now() - 1 },
		});
		const outputs: { name: string; text: string }[] = [];

		// JSON mode: a refresh before the request, then a 401 and a second refresh.
		mock.enqueue({ type: "error", status: 401 });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "first" }] });
		const json = await runPi(env, ["--mode", "json", "hi", ...MODEL]);
		expect(json.code).toBe(0);
		outputs.push({ name: "json stdout", text: json.stdout }, { name: "json stderr", text: json.stderr });
		const sessionFile = filesUnder(env.root).find((file) => file.endsWith(".jsonl"));
		expect(sessionFile).toBeDefined();

		const html = join(env.root, "export.html");
		const exported = await runPi(env, ["--export", sessionFile!, html]);
		expect(exported.code).toBe(0);
		outputs.push({ name: "--export", text: exported.stdout + exported.stderr });

		rpc = connectRpc(env, ["--session", sessionFile!, ...MODEL]);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "second" }] });
		expect((await rpc.request({ type: "prompt", message: "again" })).success).toBe(true);
		await rpc.waitFor((record) => record.type === "agent_settled");
		expect((await rpc.request({ type: "get_state" })).success).toBe(true);
		expect((await rpc.request({ type: "get_messages" })).success).toBe(true);
		const rpcHtml = join(env.root, "rpc-export.html");
		expect((await rpc.request({ type: "export_html", outputPath: rpcHtml })).success).toBe(true);
		expect(await rpc.close()).toBe(0);
		outputs.push({ name: "rpc stdout", text: JSON.stringify(rpc.records) }, { name: "rpc stderr", text: rpc.stderr() });

		// Every token that existed: the stored one, each the server issued, each a request carried.
		const tokens = new Set<string>(["sk-ant-oat01-leak-0", "refresh-leak-0"]);
		for (const token of [...auth.validAccessTokens, ...auth.validRefreshTokens]) tokens.add(token);
		for (const request of mock.requests) tokens.add(String(request.headers.authorization).replace(/^Bearer /, ""));
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")).anthropic as Record<
			string,
			string
		>;
		tokens.add(stored.access!);
		tokens.add(stored.refresh!);
		expect(auth.grants).toEqual(["refresh_token", "refresh_token"]);
		expect(tokens.size).toBeGreaterThanOrEqual(5);

		// The session file, both exports, and anything else written under the throw-away HOME (logs too).
		for (const path of filesUnder(env.root)) {
			if (path.endsWith("auth.json")) continue;
			outputs.push({ name: path, text: readFileSync(path, "utf8") });
		}
		// The scanned outputs are the real ones: both turns are in them.
		const textOf = (name: string) => outputs.find((output) => output.name === name)?.text ?? "";
		expect(textOf("json stdout")).toContain("first");
		expect(textOf("rpc stdout")).toContain("second");
		expect(textOf(html)).toContain("first");
		expect(textOf(rpcHtml)).toContain("second");
		for (const output of outputs)
			for (const token of tokens) expect(output.text.includes(token), `${token} in ${output.name}`).toBe(false);
	});
});

/** Every file below `dir`. */
function filesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name));
}

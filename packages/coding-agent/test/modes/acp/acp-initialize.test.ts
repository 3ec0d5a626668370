import { PassThrough } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { parseArgs } from "../../../src/cli/args.js";
import { resolveAppMode } from "../../../src/cli/main.js";
import { readFirstLine } from "../../../src/modes/acp/acp-early-input.js";
import {
	ACP_PROTOCOL_VERSION,
	acpMcpSupport,
	initializeResponse,
	parseInitializeLine,
	parseSignInMethodId,
} from "../../../src/modes/acp/acp-initialize.js";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
	let text = "";
	const decoder = new TextDecoder();
	for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
		text += decoder.decode(chunk, { stream: true });
	return text;
}

describe("the early initialize answer", () => {
	it("speaks the SDK's protocol version", () => {
		expect(ACP_PROTOCOL_VERSION).toBe(acp.PROTOCOL_VERSION);
		expect(initializeResponse({ protocolVersion: 99 }, "1.2.3").protocolVersion).toBe(acp.PROTOCOL_VERSION);
		expect(initializeResponse({ protocolVersion: 0 }, "1.2.3").protocolVersion).toBe(0);
	});

	it("advertises MCP over HTTP only when the built-in MCP extension will run", () => {
		const base = { noExtensions: false, extensions: [] as string[], unknownFlags: [] };
		expect(acpMcpSupport(base)).toEqual({ http: true });
		expect(acpMcpSupport({ ...base, unknownFlags: [{ name: "no-mcp" }] })).toEqual({ http: false });
		expect(acpMcpSupport({ ...base, noExtensions: true })).toEqual({ http: false });
		expect(acpMcpSupport({ ...base, noExtensions: true, extensions: ["builtin:mcp"] })).toEqual({ http: true });
		const answer = initializeResponse({ protocolVersion: 1 }, "1.0.0", { mcp: { http: false } });
		expect(answer.agentCapabilities?.mcpCapabilities).toEqual({ http: false, sse: false });
	});

	it("recognises only a well-formed initialize request", () => {
		const line = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "initialize", params: { protocolVersion: 1 } });
		expect(parseInitializeLine(line)).toEqual({ id: 7, params: { protocolVersion: 1 } });
		expect(parseInitializeLine(`${line}\r`)).toMatchObject({ id: 7 });
		expect(parseInitializeLine("{not json")).toBeUndefined();
		expect(
			parseInitializeLine(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/new", params: {} })),
		).toBeUndefined();
		expect(
			parseInitializeLine(JSON.stringify({ jsonrpc: "2.0", method: "initialize", params: { protocolVersion: 1 } })),
		).toBeUndefined();
		expect(
			parseInitializeLine(
				JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "1" } }),
			),
		).toBeUndefined();
	});

	it("splits stdin after its first line and hands the rest on in order", async () => {
		const input = new PassThrough();
		input.write('{"first":1}\n{"sec');
		const split = await readFirstLine(input);
		expect(split.firstLine).toBe('{"first":1}');
		const rest = readAll(split.stream(false));
		input.write('ond":2}\n');
		input.end('{"third":3}\n');
		expect(await rest).toBe('{"second":2}\n{"third":3}\n');
	});

	it("can hand the first line on too, and copes with stdin ending without a newline", async () => {
		const input = new PassThrough();
		input.end("no newline");
		const split = await readFirstLine(input);
		expect(split.firstLine).toBeUndefined();
		expect(await readAll(split.stream(true))).toBe("no newline");
	});
});

describe("the sign-in methods initialize advertises", () => {
	const ids = (answer: acp.InitializeResponse) => answer.authMethods?.map((method) => method.id) ?? [];

	it("one id per flow an editor can run: the default sign-in:<provider>, then sign-in:<provider>:<method>", () => {
		const answer = initializeResponse({ protocolVersion: 1 }, "1.0.0");
		expect(ids(answer)).toContain("sign-in:anthropic");
		expect(ids(answer)).toContain("sign-in:openai-codex");
		expect(ids(answer)).toContain("sign-in:openai-codex:device_code");
		// A pasted code cannot travel through authenticate: no paste methods.
		expect(ids(answer).some((id) => id.endsWith(":paste"))).toBe(false);
		const device = answer.authMethods?.find((method) => method.id === "sign-in:openai-codex:device_code");
		expect(device).toMatchObject({
			name: "Sign in: OpenAI Codex (ChatGPT) (device code)",
			_meta: { pi: { provider: "openai-codex", method: "device_code" } },
		});
		expect(device && "type" in device).toBe(false);
	});

	it("lists models.json gateways; one with a built-in id replaces the built-in entry", () => {
		const answer = initializeResponse({ protocolVersion: 1 }, "1.0.0", {
			configuredSignIns: [
				{ id: "corp", name: "Radius gateway (corp)" },
				{ id: "radius", name: "Radius gateway (radius)" },
			],
		});
		const names = Object.fromEntries(answer.authMethods?.map((method) => [method.id, method.name]) ?? []);
		expect(names["sign-in:corp"]).toBe("Sign in: Radius gateway (corp)");
		expect(names["sign-in:corp:device_code"]).toBe("Sign in: Radius gateway (corp) (device code)");
		expect(names["sign-in:radius"]).toBe("Sign in: Radius gateway (radius)");
		expect(ids(answer).filter((id) => id === "sign-in:radius")).toHaveLength(1);
	});

	it("offers the terminal method only to a client that can run one; env always", () => {
		expect(ids(initializeResponse({ protocolVersion: 1 }, "1.0.0"))).not.toContain("pi-auth");
		const terminal = initializeResponse(
			{ protocolVersion: 1, clientCapabilities: { auth: { terminal: true } } },
			"1.0.0",
		).authMethods?.find((method) => method.id === "pi-auth");
		expect(terminal).toMatchObject({ type: "terminal", args: ["--mode", "text"] });
		// The editor appends them to its own `pi --mode acp`: pi then opens its terminal UI (with /login).
		const { args } = parseArgs(["--mode", "acp", ...(terminal && "args" in terminal ? (terminal.args ?? []) : [])]);
		expect(resolveAppMode(args, true, true)).toBe("interactive");
		expect(ids(initializeResponse({ protocolVersion: 1 }, "1.0.0")).at(-1)).toBe("env");
	});

	it("reads a method id back into provider and method", () => {
		expect(parseSignInMethodId("sign-in:anthropic")).toEqual({ provider: "anthropic" });
		expect(parseSignInMethodId("sign-in:openai-codex:device_code")).toEqual({
			provider: "openai-codex",
			method: "device_code",
		});
		expect(parseSignInMethodId("sign-in:corp:browser")).toEqual({ provider: "corp", method: "browser" });
		expect(parseSignInMethodId("sign-in:a:b")).toEqual({ provider: "a:b" });
		expect(parseSignInMethodId("env")).toBeUndefined();
	});
});

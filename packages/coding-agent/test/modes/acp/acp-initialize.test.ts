import { PassThrough } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { readFirstLine } from "../../../src/modes/acp/acp-early-input.js";
import {
	ACP_PROTOCOL_VERSION,
	acpMcpSupport,
	initializeResponse,
	parseInitializeLine,
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
		const answer = initializeResponse({ protocolVersion: 1 }, "1.0.0", { http: false });
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

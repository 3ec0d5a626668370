// A minimal stdio MCP server (newline-delimited JSON-RPC) with two tools, for the parity runs.
import { createInterface } from "node:readline";

const TOOLS = [
	{ name: "echo", description: "Echo the text back.", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
	{ name: "add", description: "Add two numbers.", inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } } },
];
const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
	let request;
	try {
		request = JSON.parse(line);
	} catch {
		return;
	}
	if (request.id === undefined) return;
	const { id, method, params } = request;
	if (method === "initialize")
		send({ id, result: { protocolVersion: params?.protocolVersion ?? "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "tiny", version: "1.0.0" } } });
	else if (method === "tools/list") send({ id, result: { tools: TOOLS } });
	else if (method === "tools/call") {
		const args = params?.arguments ?? {};
		const text = params?.name === "add" ? String(Number(args.a) + Number(args.b)) : String(args.text ?? "");
		send({ id, result: { content: [{ type: "text", text }] } });
	} else if (method === "ping") send({ id, result: {} });
	else send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
});

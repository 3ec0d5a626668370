// The extension UI sub-protocol of `pi --mode rpc` (rpc.md §11, §16.2) through a test extension
// loaded with `-e`: every dialog and fire-and-forget method, timeouts, abort, the degraded
// members, a permission gate inside a tool call, extension errors, and session_start on replacement.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type RpcConnection, type WireRecord } from "./rpc-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

const EXTENSION = `
export default function (pi) {
	pi.on("session_start", async (event, ctx) => {
		ctx.ui.notify("session_start " + event.reason + " mode=" + ctx.mode + " hasUI=" + ctx.hasUI);
	});
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash" || !/rm -rf/.test(String(event.input.command))) return;
		const choice = await ctx.ui.select("Dangerous: " + event.input.command + ". Allow?", ["Yes", "No"]);
		if (choice !== "Yes") return { block: true, reason: "Blocked by user" };
	});
	pi.registerCommand("dialogs", {
		description: "every dialog",
		handler: async (_args, ctx) => {
			const picked = await ctx.ui.select("Pick", ["A", "B"], { timeout: 60000 });
			const sure = await ctx.ui.confirm("Sure?", "Really");
			const name = await ctx.ui.input("Name", "type here");
			const text = await ctx.ui.editor("Edit", "line 1\\nline 2");
			const timedOut = await ctx.ui.confirm("Quick?", "expires", { timeout: 30 });
			const editorTimedOut = await ctx.ui.editor("Quick edit", undefined, { timeout: 30 });
			const aborted = await ctx.ui.input("Never shown", undefined, { signal: AbortSignal.abort() });
			const controller = new AbortController();
			const later = ctx.ui.select("Aborted later", ["x"], { signal: controller.signal });
			controller.abort();
			const laterValue = await later;
			ctx.ui.notify(JSON.stringify({ picked, sure, name, text, timedOut, editorTimedOut, aborted, laterValue }), "warning");
		},
	});
	pi.registerCommand("setters", {
		handler: async (_args, ctx) => {
			ctx.ui.setStatus("ext", "running");
			ctx.ui.setStatus("ext", undefined);
			ctx.ui.setWidget("w", ["one", "two"], { placement: "belowEditor" });
			ctx.ui.setWidget("w", undefined);
			ctx.ui.setWidget("f", () => ["factory"]);
			ctx.ui.setTitle("pi - test");
			ctx.ui.setEditorText("prefilled");
			ctx.ui.pasteToEditor("pasted");
			const degraded = {
				custom: await ctx.ui.custom(() => undefined),
				editorText: ctx.ui.getEditorText(),
				toolsExpanded: ctx.ui.getToolsExpanded(),
				unsubscribe: typeof ctx.ui.onTerminalInput(() => true),
			};
			ctx.ui.notify(JSON.stringify(degraded));
		},
	});
	pi.registerCommand("bye", {
		handler: async (_args, ctx) => {
			ctx.shutdown();
		},
	});
	pi.registerCommand("boom", {
		handler: async () => {
			throw new Error("command exploded");
		},
	});
}
`;

let env: PiTestEnv | undefined;
let mock: MockLlm | undefined;
let rpc: RpcConnection | undefined;

async function setup(): Promise<RpcConnection> {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock);
	writeFileSync(join(env.cwd, "ui-ext.ts"), EXTENSION);
	rpc = connectRpc(env, ["-e", "./ui-ext.ts"]);
	return rpc;
}

afterEach(async () => {
	if (rpc) {
		expect(rpc.schemaFailures).toEqual([]);
		if (rpc.child.exitCode === null) rpc.child.kill("SIGKILL");
		await rpc.exited;
	}
	await mock?.close();
	env?.cleanup();
	rpc = undefined;
	mock = undefined;
	env = undefined;
});

const uiRequest = (method: string, title?: string) => (record: WireRecord) =>
	record.type === "extension_ui_request" && record.method === method && (title === undefined || record.title === title);

const notices = (c: RpcConnection) =>
	c.records
		.filter((record) => record.type === "extension_ui_request" && record.method === "notify")
		.map((r) => r.message);

describe("pi --mode rpc: extension UI", () => {
	it("sends every dialog, applies answers, timeouts and aborts, and never writes a response for an answer", async () => {
		const c = await setup();
		const handled = await c.request({ type: "prompt", message: "/dialogs" });
		expect(handled.data).toEqual({ disposition: "handled" });
		const select = await c.waitFor(uiRequest("select", "Pick"));
		expect(select).toMatchObject({ options: ["A", "B"], timeout: 60000 });
		c.send({ type: "extension_ui_response", id: select.id, value: "B" });
		c.send({ type: "extension_ui_response", id: select.id, value: "A" }); // duplicate: ignored
		const confirm = await c.waitFor(uiRequest("confirm", "Sure?"));
		expect(confirm).not.toHaveProperty("timeout");
		c.send({ type: "extension_ui_response", id: confirm.id, confirmed: true });
		const input = await c.waitFor(uiRequest("input"));
		expect(input.placeholder).toBe("type here");
		c.send({ type: "extension_ui_response", id: input.id, value: "Ada" });
		const editor = await c.waitFor(uiRequest("editor", "Edit"));
		expect(editor.prefill).toBe("line 1\nline 2");
		c.send({ type: "extension_ui_response", id: editor.id, cancelled: true });
		expect((await c.waitFor(uiRequest("confirm", "Quick?"))).timeout).toBe(30);
		const quickEdit = await c.waitFor(uiRequest("editor", "Quick edit"));
		expect(quickEdit.timeout).toBe(30);
		expect(quickEdit).not.toHaveProperty("prefill");
		const result = await c.waitFor((record) => uiRequest("notify")(record) && record.notifyType === "warning");
		expect(JSON.parse(String(result.message))).toEqual({
			picked: "B",
			sure: true,
			name: "Ada",
			timedOut: false,
		});
		expect(c.records.some(uiRequest("input", "Never shown"))).toBe(false);
		expect(c.records.some(uiRequest("select", "Aborted later"))).toBe(true);
		expect(c.records.filter((record) => record.type === "response")).toHaveLength(1);
		// A late answer to the expired dialog is ignored too, and the server keeps serving.
		c.send({ type: "extension_ui_response", id: quickEdit.id, value: "late" });
		expect((await c.request({ type: "get_state" })).success).toBe(true);
	});

	it("writes the fire-and-forget requests and degrades terminal-only members", async () => {
		const c = await setup();
		await c.request({ type: "prompt", message: "/setters" });
		const last = await c.waitFor((record) => uiRequest("notify")(record) && String(record.message).startsWith("{"));
		expect(JSON.parse(String(last.message))).toEqual({ editorText: "", toolsExpanded: false, unsubscribe: "function" });
		const requests = c.records.filter((record) => record.type === "extension_ui_request" && record.method !== "notify");
		expect(requests.map(({ id: _id, type: _type, ...rest }) => rest)).toEqual([
			{ method: "setStatus", statusKey: "ext", statusText: "running" },
			{ method: "setStatus", statusKey: "ext" },
			{ method: "setWidget", widgetKey: "w", widgetLines: ["one", "two"], widgetPlacement: "belowEditor" },
			{ method: "setWidget", widgetKey: "w" },
			{ method: "setTitle", title: "pi - test" },
			{ method: "set_editor_text", text: "prefilled" },
			{ method: "set_editor_text", text: "pasted" },
		]);
	});

	it("reports ctx.mode rpc with hasUI, and session_start exactly once per replacement", async () => {
		const c = await setup();
		await c.waitFor((record) => uiRequest("notify")(record) && String(record.message).startsWith("session_start"));
		expect(notices(c)).toEqual(["session_start startup mode=rpc hasUI=true"]);
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "one" }] });
		await c.request({ type: "prompt", message: "first" });
		await c.waitFor((record) => record.type === "agent_settled");
		const state = (await c.request({ type: "get_state" })).data as { sessionFile: string };
		const forks = (await c.request({ type: "get_fork_messages" })).data as { messages: { entryId: string }[] };
		await c.request({ type: "clone" });
		await c.request({ type: "fork", entryId: forks.messages[0]!.entryId });
		await c.request({ type: "new_session" });
		await c.request({ type: "switch_session", sessionPath: state.sessionFile });
		await c.waitFor(() => notices(c).length === 5);
		expect((await c.request({ type: "get_state" })).data).toMatchObject({
			sessionFile: state.sessionFile,
			messageCount: 2,
		});
		expect(notices(c)).toEqual([
			"session_start startup mode=rpc hasUI=true",
			"session_start fork mode=rpc hasUI=true",
			"session_start fork mode=rpc hasUI=true",
			"session_start new mode=rpc hasUI=true",
			"session_start resume mode=rpc hasUI=true",
		]);
	});

	it("asks inside a tool call between tool_execution_start and tool_execution_end; No blocks the call", async () => {
		const c = await setup();
		mock!.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "rm -rf build" } }],
				stopReason: "toolUse",
			},
			{ type: "reply", blocks: [{ type: "text", text: "ok, not deleted" }] },
		);
		await c.request({ type: "prompt", message: "clean up" });
		const ask = await c.waitFor(uiRequest("select"));
		expect(String(ask.title)).toContain("rm -rf build");
		const start = c.records.findIndex((record) => record.type === "tool_execution_start");
		expect(start).toBeGreaterThanOrEqual(0);
		expect(c.records.findIndex((record) => record.type === "tool_execution_end")).toBe(-1);
		// The agent loop waits in the hook; other commands are still served.
		expect((await c.request({ type: "get_state" })).data).toMatchObject({ isStreaming: true });
		c.send({ type: "extension_ui_response", id: ask.id, value: "No" });
		await c.waitFor((record) => record.type === "agent_settled");
		const end = c.records.find((record) => record.type === "tool_execution_end")!;
		expect(end).toMatchObject({ isError: true, result: { content: [{ type: "text", text: "Blocked by user" }] } });
		expect(c.records.indexOf(ask)).toBeGreaterThan(start);
	});

	it("reports a throwing extension command as an extension_error event after its handled response", async () => {
		const c = await setup();
		const response = await c.request({ type: "prompt", message: "/boom" });
		expect(response.data).toEqual({ disposition: "handled" });
		const error = await c.waitFor((record) => record.type === "extension_error");
		expect(error).toMatchObject({ event: "command", error: "command exploded" });
		expect(String(error.extensionPath)).toMatch(/ui-ext\.ts$/);
		expect((await c.request({ type: "get_state" })).success).toBe(true);
	});

	it("honours ctx.shutdown() after the command's response: exit 0", async () => {
		const c = await setup();
		const response = await c.request({ type: "prompt", message: "/bye" });
		expect(response.data).toEqual({ disposition: "handled" });
		expect(await c.exited).toBe(0);
	});

	it("exits 143 on SIGTERM", async () => {
		const c = await setup();
		expect((await c.request({ type: "get_state" })).success).toBe(true);
		c.child.kill("SIGTERM");
		expect(await c.exited).toBe(143);
	});

	it("resolves pending dialogs with their defaults when stdin closes", async () => {
		const c = await setup();
		await c.request({ type: "prompt", message: "/dialogs" });
		await c.waitFor(uiRequest("select", "Pick"));
		expect(await c.close()).toBe(0);
	});
});

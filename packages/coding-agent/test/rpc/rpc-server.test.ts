import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { useTempDirs } from "../support/temp-dir.js";
import { useRpcHarness } from "./rpc-test-runtime.js";

const createHarness = useRpcHarness(useTempDirs());
const setup = () => createHarness();

describe("RpcServer: framing errors and correlation (rpc.md §5, §8)", () => {
	it("answers malformed JSON with a parse error without id", async () => {
		const h = await setup();
		await h.server.handleLine("{not json");
		expect(h.records).toHaveLength(1);
		expect(h.records[0]).toMatchObject({ type: "response", command: "parse", success: false });
		expect(Object.keys(h.records[0]!)).toEqual(["type", "command", "success", "error"]);
		expect(String(h.records[0]!.error)).toMatch(/^Failed to parse command: /);
	});

	it("answers valid JSON that is not a command object with the decided text", async () => {
		const h = await setup();
		for (const line of ["[1,2]", "42", '"x"', "null", '{"type":5}', '{"id":"a"}', ""]) await h.server.handleLine(line);
		expect(h.records).toHaveLength(7);
		for (const record of h.records.slice(0, 6)) {
			expect(record).toEqual({
				type: "response",
				command: "parse",
				success: false,
				error: 'Failed to parse command: expected a JSON object with a string "type" field',
			});
		}
	});

	it("echoes the id of an unknown command, whatever its JSON type", async () => {
		const h = await setup();
		await h.send({ id: "req-3", type: "frobnicate" });
		await h.send({ id: 7, type: "frobnicate" });
		await h.send({ id: null, type: "get_state" });
		expect(h.records[0]).toEqual({
			id: "req-3",
			type: "response",
			command: "frobnicate",
			success: false,
			error: "Unknown command: frobnicate",
		});
		expect(h.records[1]!.id).toBe(7);
		expect(h.records[2]!.id).toBeNull();
		expect(Object.keys(h.records[2]!)).toEqual(["id", "type", "command", "success", "data"]);
	});

	it("validates required fields and their types", async () => {
		const h = await setup();
		await h.send({ id: "a", type: "prompt" });
		await h.send({ id: "b", type: "prompt", message: 5 });
		await h.send({ id: "c", type: "prompt", message: "x", streamingBehavior: "later" });
		await h.send({ id: "d", type: "set_auto_retry", enabled: "yes" });
		await h.send({ id: "e", type: "steer", message: "x", images: [{ type: "image" }] });
		await h.send({ id: "f", type: "set_thinking_level", level: "huge" });
		await h.send({ id: "g", type: "set_steering_mode", mode: "some" });
		await h.send({ id: "h", type: "set_follow_up_mode" });
		expect(h.response("a").error).toBe('Invalid command "prompt": message must be a string');
		expect(h.response("b").error).toBe('Invalid command "prompt": message must be a string');
		expect(h.response("c").error).toBe(
			'Invalid command "prompt": streamingBehavior must be one of "steer", "followUp"',
		);
		expect(h.response("d").error).toBe('Invalid command "set_auto_retry": enabled must be a boolean');
		expect(h.response("e").error).toMatch(/^Invalid command "steer": images must be an array of images/);
		expect(h.response("f").error).toBe("Invalid thinking level: huge");
		expect(h.response("g").error).toBe("Invalid mode: some");
		expect(h.response("h").error).toMatch(/^Invalid command "set_follow_up_mode": mode must be one of/);
	});

	it("handles 1,000 pipelined commands, each answered once by id", async () => {
		const h = await setup();
		await Promise.all(Array.from({ length: 1000 }, (_, n) => h.send({ id: `q${n}`, type: "get_state" })));
		const ids = h.records.filter((record) => record.type === "response").map((record) => record.id);
		expect(new Set(ids).size).toBe(1000);
	});
});

describe("RpcServer: prompting (rpc.md §9.1)", () => {
	it("writes the prompt response before agent_start and ends with agent_settled", async () => {
		const h = await setup();
		h.faux.setResponses([fauxAssistantMessage("Hello there")]);
		await h.send({ id: "p1", type: "prompt", message: "Hi" });
		await h.waitFor((record) => record.type === "agent_settled");
		const types = h.records.map((record) => record.type);
		expect(types[0]).toBe("response");
		expect(h.records[0]).toEqual({
			id: "p1",
			type: "response",
			command: "prompt",
			success: true,
			data: { disposition: "started" },
		});
		expect(types.indexOf("agent_start")).toBe(1);
		expect(types.at(-1)).toBe("agent_settled");
		const update = h.records.find((record) => record.type === "message_update");
		expect(Object.keys(update!)).toEqual(["type", "usage", "assistantMessageEvent"]);
		await h.send({ id: "t", type: "get_last_assistant_text" });
		expect(h.response("t").data).toEqual({ text: "Hello there" });
	});

	it("rejects a prompt while streaming without streamingBehavior, and queues one with it", async () => {
		const h = await setup();
		h.faux.setResponses([
			fauxAssistantMessage("slow reply", { chunkDelayMs: 5 } as never),
			fauxAssistantMessage("second"),
		]);
		await h.send({ id: "p1", type: "prompt", message: "one" });
		await h.waitFor((record) => record.type === "agent_start");
		await h.send({ id: "p2", type: "prompt", message: "two" });
		expect(h.response("p2").error).toBe(
			"Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.",
		);
		await h.send({ id: "p3", type: "prompt", message: "three", streamingBehavior: "followUp" });
		expect(h.response("p3").data).toEqual({ disposition: "queued" });
		expect(h.records.some((record) => record.type === "queue_update")).toBe(true);
		await h.waitFor((record) => record.type === "agent_settled");
	});
});

describe("RpcServer: session commands", () => {
	it("reports get_entries cursors, unknown since, labels and tree navigation errors", async () => {
		const h = await setup();
		h.faux.setResponses([fauxAssistantMessage("A")]);
		await h.send({ id: "p", type: "prompt", message: "first" });
		await h.waitFor((record) => record.type === "agent_settled");
		await h.send({ id: "e1", type: "get_entries" });
		const data = h.response("e1").data as { entries: { id: string }[]; leafId: string };
		expect(data.entries.length).toBeGreaterThanOrEqual(2);
		expect(data.leafId).toBe(data.entries.at(-1)!.id);
		await h.send({ id: "e2", type: "get_entries", since: data.entries[0]!.id });
		expect((h.response("e2").data as { entries: unknown[] }).entries).toHaveLength(data.entries.length - 1);
		await h.send({ id: "e3", type: "get_entries", since: "nope" });
		expect(h.response("e3").error).toBe("Entry not found: nope");
		await h.send({ id: "l1", type: "set_label", entryId: data.entries[0]!.id, label: " before " });
		expect(h.response("l1")).toEqual({ id: "l1", type: "response", command: "set_label", success: true });
		await h.send({ id: "tr", type: "get_tree" });
		const tree = h.response("tr").data as { tree: { label?: string }[] };
		expect(tree.tree[0]!.label).toBe("before");
		await h.send({ id: "l2", type: "set_label", entryId: "missing" });
		expect(h.response("l2").error).toBe("Entry missing not found");
		await h.send({ id: "n1", type: "navigate_tree", targetId: "missing" });
		expect(h.response("n1").error).toBe("Entry missing not found");
		const user = (
			data.entries as { id: string; type: string; parentId: string | null; message?: { role: string } }[]
		).find((entry) => entry.type === "message" && entry.message?.role === "user")!;
		await h.send({ id: "n2", type: "navigate_tree", targetId: user.id });
		expect(h.response("n2").data).toEqual({ cancelled: false, editorText: "first", leafId: user.parentId });
	});

	it("answers the state, model and thinking queries with the documented shapes", async () => {
		const h = await setup();
		const commands = [
			"get_state",
			"get_messages",
			"get_available_models",
			"cycle_model",
			"cycle_thinking_level",
			"get_available_thinking_levels",
			"get_session_stats",
			"get_fork_messages",
			"get_commands",
			"get_last_assistant_text",
			"clear_queue",
			"abort",
			"abort_retry",
			"abort_bash",
		];
		for (const type of commands) await h.send({ id: type, type });
		for (const type of commands) expect(h.response(type).success, type).toBe(true);
		expect(h.response("cycle_model").data).toBeNull();
		expect(h.response("cycle_thinking_level").data).toBeNull();
		expect(h.response("get_last_assistant_text").data).toEqual({ text: null });
		expect(h.response("get_available_thinking_levels").data).toEqual({ levels: ["off"] });
		await h.send({ id: "m", type: "set_model", provider: "invalid", modelId: "model" });
		expect(h.response("m").error).toBe("Model not found: invalid/model");
		await h.send({ id: "f", type: "fork", entryId: "nope" });
		expect(h.response("f").error).toBe("Invalid entry ID for forking");
		await h.send({ id: "n", type: "set_session_name", name: "  " });
		expect(h.response("n").error).toBe("Session name cannot be empty");
	});

	it("streams bash output with the command's id before the response", async () => {
		const h = await setup();
		await h.send({ id: "b1", type: "bash", command: "printf 'one\\ntwo'" });
		const updates = h.records.filter((record) => record.type === "bash_execution_update");
		expect(updates.length).toBeGreaterThan(0);
		expect(updates.every((record) => record.id === "b1")).toBe(true);
		const response = h.response("b1");
		expect(h.records.indexOf(response)).toBeGreaterThan(h.records.indexOf(updates.at(-1)!));
		expect(response.data).toMatchObject({ output: "one\ntwo", exitCode: 0, cancelled: false, truncated: false });
	});

	it("rebinds on new_session: events of the new session reach the output", async () => {
		const h = await setup();
		const before = h.runtime.session;
		await h.send({ id: "ns", type: "new_session" });
		expect(h.response("ns").data).toEqual({ cancelled: false });
		expect(h.runtime.session).not.toBe(before);
		h.faux.setResponses([fauxAssistantMessage("new")]);
		await h.send({ id: "p", type: "prompt", message: "hello" });
		await h.waitFor((record) => record.type === "agent_settled");
	});
});

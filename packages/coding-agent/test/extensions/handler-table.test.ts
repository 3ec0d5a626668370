import { describe, expect, it } from "vitest";
import { createExtensionRecord, type ExtensionRecord } from "../../src/core/extensions/extension-record.js";
import { HandlerTable } from "../../src/core/extensions/handler-table.js";

const handler = () => undefined;

describe("HandlerTable", () => {
	it("orders handlers by load order, then registration order, and sees changes after markChanged", () => {
		const records: ExtensionRecord[] = [createExtensionRecord("a"), createExtensionRecord("b")];
		const [first, second] = [handler.bind(null), handler.bind(null)];
		records[1]!.handlers.set("input", [second]);
		records[0]!.handlers.set("input", [first, first]);
		const table = new HandlerTable(records);
		expect(table.handlersFor("input")?.map((bound) => bound.path)).toEqual(["a", "a", "b"]);
		expect(table.handlersFor("agent_start")).toBeUndefined();

		records.push(createExtensionRecord("c"));
		records[2]!.handlers.set("agent_start", [handler]);
		// Cached until told: a late registration is seen after markChanged().
		expect(table.handlersFor("agent_start")).toBeUndefined();
		table.markChanged();
		expect(table.handlersFor("agent_start")).toEqual([{ path: "c", handler }]);
	});
});

import { afterEach, describe, expect, it, vi } from "vitest";
import type { RpcExtensionUIRequest } from "../../src/modes/rpc/rpc-types.js";
import { createRpcUIContext } from "../../src/modes/rpc/rpc-ui-context.js";

function setup() {
	const requests: RpcExtensionUIRequest[] = [];
	const ui = createRpcUIContext((request) => requests.push(request));
	return {
		ui,
		requests,
		answer: (record: Record<string, unknown>) => ui.handleResponse({ type: "extension_ui_response", ...record }),
	};
}

afterEach(() => vi.useRealTimers());

describe("createRpcUIContext (rpc.md §11)", () => {
	it("maps answers per method: cancelled wins, confirm without confirmed is false, value must be a string", async () => {
		const { ui, requests, answer } = setup();
		const select = ui.select("Pick", ["a", "b"]);
		const confirm = ui.confirm("Sure?", "msg");
		const input = ui.input("Name");
		const editor = ui.editor("Edit", "pre");
		const [s, c, i, e] = requests;
		answer({ id: s!.id, value: "b", cancelled: true });
		answer({ id: c!.id, value: "yes" });
		answer({ id: i!.id, value: 42 });
		answer({ id: e!.id, value: "edited" });
		await expect(select).resolves.toBeUndefined();
		await expect(confirm).resolves.toBe(false);
		await expect(input).resolves.toBeUndefined();
		await expect(editor).resolves.toBe("edited");
		expect(ui.pendingCount()).toBe(0);
		expect(requests.map((request) => request.method)).toEqual(["select", "confirm", "input", "editor"]);
		expect(requests[3]).toMatchObject({ title: "Edit", prefill: "pre" });
		expect(requests[2]).not.toHaveProperty("placeholder");
	});

	it("resolves the default when the timeout expires, sends the timeout, and ignores a late answer", async () => {
		vi.useFakeTimers();
		const { ui, requests, answer } = setup();
		const editor = ui.editor("Edit", undefined, { timeout: 1000 });
		expect(requests[0]).toMatchObject({ method: "editor", timeout: 1000 });
		vi.advanceTimersByTime(999);
		expect(ui.pendingCount()).toBe(1);
		vi.advanceTimersByTime(1);
		await expect(editor).resolves.toBeUndefined();
		answer({ id: requests[0]!.id, value: "late" });
		expect(ui.pendingCount()).toBe(0);
	});

	it("omits a timeout that is not a positive number", () => {
		const { ui, requests } = setup();
		void ui.confirm("a", "b", { timeout: 0 });
		void ui.confirm("a", "b", { timeout: -5 });
		void ui.confirm("a", "b", { timeout: Number.NaN });
		for (const request of requests) expect(request).not.toHaveProperty("timeout");
	});

	it("writes nothing for an already aborted signal and settles when the signal fires later", async () => {
		const { ui, requests } = setup();
		await expect(ui.editor("x", undefined, { signal: AbortSignal.abort() })).resolves.toBeUndefined();
		expect(requests).toHaveLength(0);
		const controller = new AbortController();
		const confirm = ui.confirm("x", "y", { signal: controller.signal });
		expect(requests).toHaveLength(1);
		controller.abort();
		await expect(confirm).resolves.toBe(false);
		expect(ui.pendingCount()).toBe(0);
	});

	it("cancelAll resolves every pending dialog with its default", async () => {
		const { ui } = setup();
		const dialogs = [ui.select("a", []), ui.confirm("b", "c"), ui.input("d"), ui.editor("e")];
		ui.cancelAll();
		await expect(Promise.all(dialogs)).resolves.toEqual([undefined, false, undefined, undefined]);
	});

	it("writes fire-and-forget requests and degrades terminal-only members (§11.7)", async () => {
		const { ui, requests } = setup();
		ui.notify("hi");
		ui.setWidget("w", (width) => [String(width)]);
		ui.pasteToEditor("p");
		expect(requests.map(({ id: _id, ...rest }) => rest)).toEqual([
			{ type: "extension_ui_request", method: "notify", message: "hi" },
			{ type: "extension_ui_request", method: "set_editor_text", text: "p" },
		]);
		await expect(ui.custom(() => undefined)).resolves.toBeUndefined();
		expect(ui.getEditorText()).toBe("");
		expect(ui.getToolsExpanded()).toBe(false);
		expect(ui.getAllThemes()).toEqual([]);
		expect(ui.getTheme("dark")).toBeUndefined();
		expect(ui.setTheme("dark")).toEqual({ success: false, error: "Theme switching not supported in RPC mode" });
		expect(typeof ui.onTerminalInput(() => true)).toBe("function");
	});
});

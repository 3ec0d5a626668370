import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { describe, expect, it, vi } from "vitest";
import { type AcpDialogPort, AcpUIContext } from "../../../src/modes/acp/acp-ui-context.js";

type Answer = (
	request: Omit<RequestPermissionRequest, "sessionId">,
	signal: AbortSignal,
) => Promise<RequestPermissionResponse>;

function context(answer: Answer, toolCallId?: string) {
	const requests: Omit<RequestPermissionRequest, "sessionId">[] = [];
	const finished: { toolCallId: string; allowed: boolean }[] = [];
	const announced: string[] = [];
	const port: AcpDialogPort = {
		requestPermission: (request, signal) => {
			requests.push(request);
			return answer(request, signal);
		},
		currentToolCall: () => (toolCallId ? { toolCallId } : undefined),
		announceDialog: async ({ toolCallId: id }) => {
			announced.push(id);
		},
		finishDialog: (id, allowed) => finished.push({ toolCallId: id, allowed }),
	};
	return { ui: new AcpUIContext(port), requests, finished, announced };
}

const selected = (optionId: string): Promise<RequestPermissionResponse> =>
	Promise.resolve({ outcome: { outcome: "selected", optionId } });

describe("AcpUIContext", () => {
	it("confirm: allow once is true, reject is false, always is remembered", async () => {
		let answer = "allow_once";
		const { ui, requests } = context(() => selected(answer), "call_1");
		expect(await ui.confirm("Delete?", "rm -rf build")).toBe(true);
		answer = "reject_once";
		expect(await ui.confirm("Delete?", "rm -rf build")).toBe(false);
		answer = "allow_always";
		expect(await ui.confirm("Delete?", "rm -rf build")).toBe(true);
		expect(await ui.confirm("Delete?", "rm -rf build")).toBe(true);
		expect(requests).toHaveLength(3);
		// A different dialog is asked again.
		answer = "reject_once";
		expect(await ui.confirm("Delete?", "rm -rf dist")).toBe(false);
		expect(requests[0]?.toolCall.toolCallId).toBe("call_1");
	});

	it("select with arbitrary choices offers each choice and returns the chosen one", async () => {
		const { ui, requests } = context(() => selected("option-1"));
		expect(await ui.select("Pick a branch", ["main", "dev", "release"])).toBe("dev");
		expect(requests[0]?.options.map((option) => option.name)).toEqual(["main", "dev", "release"]);
	});

	it("a dialog outside a tool call is shown as its own tool call and finished with the answer", async () => {
		const { ui, announced, finished } = context(() => selected("reject_once"));
		expect(await ui.select("Proceed?", ["Yes", "No"])).toBe("No");
		expect(announced).toEqual(["pi-dialog-1"]);
		expect(finished).toEqual([{ toolCallId: "pi-dialog-1", allowed: false }]);
	});

	it("resolves with the default on timeout and cancels the request", async () => {
		vi.useFakeTimers();
		try {
			let cancelled = false;
			const { ui } = context(
				(_request, signal) =>
					new Promise((resolve) => {
						signal.addEventListener("abort", () => {
							cancelled = true;
							resolve({ outcome: { outcome: "cancelled" } });
						});
					}),
				"call_1",
			);
			const answer = ui.confirm("Slow?", "", { timeout: 1000 });
			await vi.advanceTimersByTimeAsync(1000);
			expect(await answer).toBe(false);
			expect(cancelled).toBe(true);
		} finally {
			vi.useRealTimers();
		}
	});

	it("resolves with the default when the dialog's signal aborts or the client fails", async () => {
		const controller = new AbortController();
		const pending = context(() => new Promise(() => undefined), "call_1");
		const answer = pending.ui.select("Wait", ["Yes", "No"], { signal: controller.signal });
		controller.abort();
		expect(await answer).toBeUndefined();
		const failing = context(() => Promise.reject(new Error("Method not found")), "call_1");
		expect(await failing.ui.confirm("Allow?", "x")).toBe(false);
	});
});

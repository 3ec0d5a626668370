import type { MockApi, MockFaults, MockRaw, MockResponse } from "../types.js";
import { RENDERERS } from "../vendors/renderers.js";
import type { RenderContext } from "../vendors/vendor-renderer.js";
import { planReply } from "./plan-reply.js";
import { ScriptError } from "./script-error.js";
import { findResponseProblem } from "./validate-response.js";
import type { WirePlan } from "./wire-plan.js";

/** What the server writes for one vendor request. */
export interface PlannedResponse {
	plan: WirePlan;
	faults: MockFaults;
}

/** Responders may return responders; this bounds the chain so a cycle cannot hang the server. */
const MAX_RESPONDER_DEPTH = 16;

/**
 * Renders the queued answer (or the empty-queue error) in the wire format of `api`. Problems with
 * the script become a 500 in the vendor's shape whose message starts with `llm-mock:`.
 */
export function planResponse(entry: MockResponse | undefined, api: MockApi, context: RenderContext): PlannedResponse {
	const renderer = RENDERERS[api];
	const scriptFailure = (message: string): PlannedResponse => ({
		plan: renderer.renderError({ type: "error", status: 500, message: `llm-mock: ${message}` }, context),
		faults: {},
	});
	if (entry === undefined) return scriptFailure("no response queued");
	try {
		const answer = resolveResponder(entry, context);
		switch (answer.type) {
			case "raw":
				return {
					plan: rawPlan(answer),
					faults: { splitEveryBytes: answer.splitEveryBytes, chunkDelayMs: answer.chunkDelayMs },
				};
			case "error":
				return { plan: renderer.renderError(answer, context), faults: {} };
			case "reply": {
				const reply = planReply(answer);
				const plan = renderer.isStreaming(context)
					? renderer.renderStream(reply, context)
					: renderer.renderComplete(reply, context);
				const { chunkDelayMs, splitEveryBytes, dropAfterEvents, stallAfterEvents, resumeWhen } = answer;
				return { plan, faults: { chunkDelayMs, splitEveryBytes, dropAfterEvents, stallAfterEvents, resumeWhen } };
			}
		}
	} catch (error) {
		if (error instanceof ScriptError) return scriptFailure(error.message);
		throw error;
	}
}

type PlainResponse = Exclude<MockResponse, (...args: never[]) => unknown>;

function resolveResponder(entry: MockResponse, context: RenderContext): PlainResponse {
	let current: MockResponse = entry;
	for (let depth = 0; typeof current === "function"; depth++) {
		if (depth >= MAX_RESPONDER_DEPTH) throw new ScriptError("responder functions nested too deeply");
		try {
			current = current(context.request);
		} catch (error) {
			throw new ScriptError(`responder function threw: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	const problem = findResponseProblem(current);
	if (problem) throw new ScriptError(`invalid script entry: ${problem}`);
	return current;
}

function rawPlan(raw: MockRaw): WirePlan {
	const looksLikeSse = /^(event|data):/.test(raw.body);
	const headers: Record<string, string> = { "content-type": looksLikeSse ? "text/event-stream" : "application/json" };
	for (const [name, value] of Object.entries(raw.headers ?? {})) headers[name.toLowerCase()] = value;
	return { status: raw.status ?? 200, headers, frames: [raw.body], stream: looksLikeSse };
}

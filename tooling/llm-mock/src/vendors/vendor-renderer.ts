import type { IdFactory } from "../internal/id-factory.js";
import type { PlannedReply } from "../internal/plan-reply.js";
import type { Route } from "../internal/route-request.js";
import type { WirePlan } from "../internal/wire-plan.js";
import type { MockError, RecordedRequest } from "../types.js";

/** What a renderer may look at besides the reply. */
export interface RenderContext {
	request: RecordedRequest;
	/** The request body when it is a JSON object, else `{}`. */
	body: Record<string, unknown>;
	route: Route;
	ids: IdFactory;
	/** Unix seconds, for `created` / `created_at`. */
	now: number;
}

/** Turns vendor-neutral answers into one API's exact wire format. */
export interface VendorRenderer {
	/** Whether this request asked for a stream (`stream: true`; Google: `:streamGenerateContent`). */
	isStreaming(context: RenderContext): boolean;
	/** The SSE event sequence of a turn, cut by the reply's `streamError` when it has one. */
	renderStream(reply: PlannedReply, context: RenderContext): WirePlan;
	/** The single JSON body of a successful non-streaming turn. */
	renderComplete(reply: PlannedReply, context: RenderContext): WirePlan;
	/** An HTTP error in the vendor's error shape and headers. */
	renderError(error: MockError, context: RenderContext): WirePlan;
}

/** The model name to report: the script's, else the request's `model`, else the path's, else a placeholder. */
export function replyModel(reply: PlannedReply | undefined, context: RenderContext): string {
	if (reply?.model) return reply.model;
	if (typeof context.body.model === "string") return context.body.model;
	return context.route.pathModel ?? "llm-mock-model";
}

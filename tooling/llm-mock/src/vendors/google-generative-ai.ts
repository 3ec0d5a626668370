// Gemini API (generativelanguage v1beta) wire format. Sources: https://ai.google.dev/api/generate-content
// (`streamGenerateContent?alt=sse`, GenerateContentResponse, Candidate.finishReason and its values
// STOP, MAX_TOKENS, SAFETY, RECITATION…, UsageMetadata); the SDK's `GenerateContentResponse` and
// stream parser (@google/genai 2.32 dist/genai.d.ts, processStreamResponse accepts `\n\n`, `\r\r`,
// `\r\n\r\n`); recorded streams (google/adk-go agent/remoteagent/testdata/
// TestA2ARemoteAgentStreamingGeminiSuccess.httprr: headers, every chunk a full response with
// `usageMetadata`, `modelVersion`, `responseId`, `index: 0`, the last chunk carrying `finishReason`
// beside its final part). Thoughts are parts with `thought: true`; function calls arrive whole
// (arguments are never streamed); where signatures go is google-parts.ts, running usage google-usage.ts.
// A body or final chunk that holds function calls adds `finishMessage: "Model generated function
// call(s)."` after `index` (gemini-2.5-flash captures in neuraxes/neurouter's tests, vercel/ai
// google-tool-call-gemini3.json); Gemini 3 streams end calls with a separate `{"text": ""}` chunk
// without it (google-tool-call-gemini3.chunks.txt).
import type { PlannedReply } from "../internal/plan-reply.js";
import { vendorStopReasonFor } from "../internal/vendor-stop-reason.js";
import { applyStreamError, jsonPlan, type WirePlan } from "../internal/wire-plan.js";
import { renderGoogleError, renderGoogleStreamError } from "./google-errors.js";
import { googleDataEvent, toGooglePrettyJson } from "./google-json.js";
import { isGemini3Model, type Part, type Signing, streamedParts, wholeParts } from "./google-parts.js";
import { finalUsageMetadata, runningUsageMetadata, type UsageProgress } from "./google-usage.js";
import { type RenderContext, replyModel, type VendorRenderer } from "./vendor-renderer.js";

const FINISH_REASONS = { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP" } as const;

const FUNCTION_CALL_FINISH_MESSAGE = "Model generated function call(s).";

/** Renders `models/{model}:streamGenerateContent` and `:generateContent`. */
export const googleGenerativeAiRenderer: VendorRenderer = {
	isStreaming: (context) => context.route.googleStreaming,
	renderStream,
	renderComplete,
	renderError: (error, context) => renderGoogleError(error, replyModel(undefined, context)),
};

function headers(contentType: string): Record<string, string> {
	return {
		"content-type": contentType,
		"content-disposition": "attachment",
		vary: "Origin, X-Origin, Referer",
		"x-content-type-options": "nosniff",
		"x-frame-options": "SAMEORIGIN",
		"x-xss-protection": "0",
		server: "scaffolding on HTTPServer2",
		"server-timing": "gfet4t7; dur=1",
	};
}

interface Identity {
	model: string;
	responseId: string;
}

function identify(reply: PlannedReply, context: RenderContext): Identity {
	return { model: replyModel(reply, context), responseId: reply.id ?? context.ids.alphanumeric("", 23) };
}

function signing(context: RenderContext): Signing {
	return { gemini3: isGemini3Model(context.route.pathModel), mint: () => context.ids.opaque("Eo", 120) };
}

function finishReasonOf(reply: PlannedReply): string {
	return vendorStopReasonFor(reply.vendorStopReason, "google-generative-ai") ?? FINISH_REASONS[reply.stopReason];
}

/** One GenerateContentResponse; `finishReason` only on the last, which also gets the full usage. */
function chunk(
	parts: Part[],
	finishReason: string | undefined,
	usageMetadata: Record<string, unknown>,
	identity: Identity,
): Record<string, unknown> {
	const candidate: Record<string, unknown> = { content: { parts, role: "model" } };
	if (finishReason !== undefined) candidate.finishReason = finishReason;
	candidate.index = 0;
	if (finishReason === "STOP" && parts.some((part) => part.functionCall !== undefined)) {
		candidate.finishMessage = FUNCTION_CALL_FINISH_MESSAGE;
	}
	return { candidates: [candidate], usageMetadata, modelVersion: identity.model, responseId: identity.responseId };
}

/** One chunk per part, each with the usage so far; the last with finishReason and the full usage. */
function streamChunks(reply: PlannedReply, context: RenderContext, identity: Identity): Record<string, unknown>[] {
	const parts = streamedParts(reply, signing(context));
	const finishReason = finishReasonOf(reply);
	const final = finalUsageMetadata(reply.usage);
	if (parts.length === 0) return [chunk([{ text: "" }], finishReason, final, identity)];
	const progress: UsageProgress = {
		thoughtSent: 0,
		thoughtTotal: parts.reduce((sum, entry) => sum + (entry.thought ? entry.weight : 0), 0),
		visibleSent: 0,
		visibleTotal: parts.reduce((sum, entry) => sum + (entry.thought ? 0 : entry.weight), 0),
		visibleStarted: false,
	};
	return parts.map((entry, index) => {
		if (entry.thought) progress.thoughtSent += entry.weight;
		else {
			progress.visibleSent += entry.weight;
			progress.visibleStarted = true;
		}
		const last = index === parts.length - 1;
		const usage = last ? final : runningUsageMetadata(reply.usage, progress);
		return chunk([entry.part], last ? finishReason : undefined, usage, identity);
	});
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const chunks = streamChunks(reply, context, identify(reply, context));
	if (context.route.googleAlt !== "sse") {
		// Without alt=sse the API streams one JSON array, elements separated by ",\r\n".
		const frames = chunks.map((value, index) => `${index === 0 ? "[" : ",\r\n"}${toGooglePrettyJson(value).trimEnd()}`);
		frames.push("]");
		return { status: 200, headers: headers("application/json; charset=UTF-8"), frames, stream: true };
	}
	const frames = applyStreamError(chunks.map(googleDataEvent), reply.streamError, (_index, streamError) =>
		renderGoogleStreamError(streamError.message),
	);
	return { status: 200, headers: headers("text/event-stream"), frames, stream: true };
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const parts = wholeParts(reply, signing(context));
	const body = chunk(
		parts.length === 0 ? [{ text: "" }] : parts,
		finishReasonOf(reply),
		finalUsageMetadata(reply.usage),
		identify(reply, context),
	);
	return jsonPlan(200, headers("application/json; charset=UTF-8"), toGooglePrettyJson(body));
}

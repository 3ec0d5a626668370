// Gemini API (generativelanguage v1beta) wire format. Sources: https://ai.google.dev/api/generate-content
// (`streamGenerateContent?alt=sse`, GenerateContentResponse, Candidate.finishReason, UsageMetadata);
// the SDK's `GenerateContentResponse` and stream parser (@google/genai 2.32 dist/genai.d.ts,
// processStreamResponse accepts `\n\n`, `\r\r`, `\r\n\r\n`); recorded streams (google/adk-go
// agent/remoteagent/testdata/TestA2ARemoteAgentStreamingGeminiSuccess.httprr: headers, every chunk a
// full response with `usageMetadata`, `modelVersion`, `responseId`, `index: 0`, the last chunk
// carrying `finishReason` beside its final part). Thoughts are parts with `thought: true`; function
// calls arrive whole (arguments are never streamed); `thoughtSignature` sits on the part it signs.
import { type PlannedBlock, type PlannedReply, parseArgumentsObject } from "../internal/plan-reply.js";
import { applyStreamError, jsonPlan, type WirePlan } from "../internal/wire-plan.js";
import { renderGoogleError, renderGoogleStreamError } from "./google-errors.js";
import { googleDataEvent, toGooglePrettyJson } from "./google-json.js";
import { type RenderContext, replyModel, type VendorRenderer } from "./vendor-renderer.js";

const FINISH_REASONS = { stop: "STOP", length: "MAX_TOKENS", toolUse: "STOP" } as const;

type Part = Record<string, unknown>;

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

/** The parts of one block as streamed: one per delta (text, thoughts) or one whole call. */
function streamedParts(block: PlannedBlock): Part[] {
	switch (block.type) {
		case "text":
			return signLast(
				block.pieces.map((text) => ({ text })),
				block.signature,
				{ text: "" },
			);
		case "thinking":
			if (block.redacted) return [];
			return signLast(
				block.pieces.map((text) => ({ text, thought: true })),
				block.signature,
				{ text: "", thought: true },
			);
		case "toolCall":
			return [callPart(block)];
	}
}

/** The parts of one block in a non-stream body: deltas merged. */
function wholeParts(block: PlannedBlock): Part[] {
	switch (block.type) {
		case "text":
			return signLast([{ text: block.text }], block.signature, { text: "" });
		case "thinking":
			return block.redacted ? [] : signLast([{ text: block.text, thought: true }], block.signature, { text: "" });
		case "toolCall":
			return [callPart(block)];
	}
}

function callPart(block: Extract<PlannedBlock, { type: "toolCall" }>): Part {
	const functionCall: Record<string, unknown> = {};
	if (block.id !== undefined) functionCall.id = block.id;
	functionCall.name = block.name;
	functionCall.args = parseArgumentsObject(block.arguments);
	const part: Part = { functionCall };
	if (block.signature !== undefined) part.thoughtSignature = block.signature;
	return part;
}

/** Puts `thoughtSignature` on the last part (or on an empty part when there is no text, as Gemini does). */
function signLast(parts: Part[], signature: string | undefined, empty: Part): Part[] {
	if (signature === undefined) return parts;
	const last = parts.at(-1);
	if (last === undefined) return [{ ...empty, thoughtSignature: signature }];
	return [...parts.slice(0, -1), { ...last, thoughtSignature: signature }];
}

function usageMetadata(reply: PlannedReply, final: boolean): Record<string, unknown> {
	const usage = reply.usage;
	const prompt = usage.input + usage.cacheRead;
	const details = [{ modality: "TEXT", tokenCount: prompt }];
	if (!final) return { promptTokenCount: prompt, totalTokenCount: prompt, promptTokensDetails: details };
	const thoughts = usage.reasoning;
	const candidates = Math.max(0, usage.output - thoughts);
	const metadata: Record<string, unknown> = {
		promptTokenCount: prompt,
		candidatesTokenCount: candidates,
		totalTokenCount: prompt + candidates + thoughts,
	};
	if (usage.cacheRead > 0) metadata.cachedContentTokenCount = usage.cacheRead;
	metadata.promptTokensDetails = details;
	if (usage.cacheRead > 0) metadata.cacheTokensDetails = [{ modality: "TEXT", tokenCount: usage.cacheRead }];
	if (thoughts > 0) metadata.thoughtsTokenCount = thoughts;
	return metadata;
}

function chunk(
	parts: Part[],
	finishReason: string | undefined,
	reply: PlannedReply,
	identity: { model: string; responseId: string },
): Record<string, unknown> {
	const candidate: Record<string, unknown> = { content: { parts, role: "model" } };
	if (finishReason !== undefined) candidate.finishReason = finishReason;
	candidate.index = 0;
	return {
		candidates: [candidate],
		usageMetadata: usageMetadata(reply, finishReason !== undefined),
		modelVersion: identity.model,
		responseId: identity.responseId,
	};
}

function identify(reply: PlannedReply, context: RenderContext): { model: string; responseId: string } {
	return { model: replyModel(reply, context), responseId: reply.id ?? context.ids.alphanumeric("", 23) };
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identify(reply, context);
	const parts = reply.blocks.flatMap(streamedParts);
	const finishReason = FINISH_REASONS[reply.stopReason];
	const chunks =
		parts.length === 0
			? [chunk([{ text: "" }], finishReason, reply, identity)]
			: parts.map((part, index) =>
					chunk([part], index === parts.length - 1 ? finishReason : undefined, reply, identity),
				);
	if (context.route.googleAlt !== "sse") {
		// Without alt=sse the API streams one JSON array, elements separated by ",\r\n".
		const frames = chunks.map((value, index) => `${index === 0 ? "[" : ",\r\n"}${toGooglePrettyJson(value).trimEnd()}`);
		frames.push("]");
		return { status: 200, headers: headers("application/json; charset=UTF-8"), frames, stream: true };
	}
	const frames = applyStreamError(chunks.map(googleDataEvent), reply.streamError, (_index, message) =>
		renderGoogleStreamError(message),
	);
	return { status: 200, headers: headers("text/event-stream"), frames, stream: true };
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identify(reply, context);
	const parts = reply.blocks.flatMap(wholeParts);
	const body = chunk(parts.length === 0 ? [{ text: "" }] : parts, FINISH_REASONS[reply.stopReason], reply, identity);
	return jsonPlan(200, headers("application/json; charset=UTF-8"), toGooglePrettyJson(body));
}

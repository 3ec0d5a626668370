// Gemini `usageMetadata` on every chunk. Sources: recorded `alt=sse` streams — google/adk-go
// agent/llmagent/testdata/TestLLMAgentStreamingModeSSE.httprr (gemini-2.5-flash with thoughts: thought
// chunks carry a running `thoughtsTokenCount` and no `candidatesTokenCount`; once text flows,
// `candidatesTokenCount` runs up chunk by chunk while `thoughtsTokenCount` stays at its total),
// agent/remoteagent/testdata/TestA2ARemoteAgentStreamingGeminiSuccess.httprr (thoughts not streamed:
// the full `thoughtsTokenCount` from the first chunk, `candidatesTokenCount` running), vercel/ai
// google-*-gemini3.chunks.txt (the same, and a final chunk repeating the last counts); key order
// promptTokenCount, candidatesTokenCount, totalTokenCount, cachedContentTokenCount,
// promptTokensDetails, cacheTokensDetails, thoughtsTokenCount (google-usage-raw-live.chunks.txt).
import type { PlannedUsage } from "../internal/plan-reply.js";

/** How much of the reply's thought and visible output has been sent, in characters. */
export interface UsageProgress {
	thoughtSent: number;
	thoughtTotal: number;
	visibleSent: number;
	visibleTotal: number;
	/** Whether any non-thought part has been sent; `candidatesTokenCount` appears from then on. */
	visibleStarted: boolean;
}

/** The share of `total` that `sent / all` characters stand for, rounded up (so it is ≥ 1 once anything is sent). */
function share(total: number, sent: number, all: number): number {
	return all > 0 ? Math.ceil((total * sent) / all) : total;
}

/** Usage of an intermediate chunk: prompt counts, and output counts so far. */
export function runningUsageMetadata(usage: PlannedUsage, progress: UsageProgress): Record<string, unknown> {
	const prompt = usage.input + usage.cacheRead;
	const thoughts = share(usage.reasoning, progress.thoughtSent, progress.thoughtTotal);
	const metadata: Record<string, unknown> = { promptTokenCount: prompt };
	let candidates = 0;
	if (progress.visibleStarted) {
		candidates = share(candidatesTotal(usage), progress.visibleSent, progress.visibleTotal);
		metadata.candidatesTokenCount = candidates;
	}
	metadata.totalTokenCount = prompt + candidates + thoughts;
	metadata.promptTokensDetails = [{ modality: "TEXT", tokenCount: prompt }];
	if (thoughts > 0) metadata.thoughtsTokenCount = thoughts;
	return metadata;
}

/** Usage of the last chunk (and of a `generateContent` body): every count, cache included. */
export function finalUsageMetadata(usage: PlannedUsage): Record<string, unknown> {
	const prompt = usage.input + usage.cacheRead;
	const thoughts = usage.reasoning;
	const candidates = candidatesTotal(usage);
	const metadata: Record<string, unknown> = {
		promptTokenCount: prompt,
		candidatesTokenCount: candidates,
		totalTokenCount: prompt + candidates + thoughts,
	};
	if (usage.cacheRead > 0) metadata.cachedContentTokenCount = usage.cacheRead;
	metadata.promptTokensDetails = [{ modality: "TEXT", tokenCount: prompt }];
	if (usage.cacheRead > 0) metadata.cacheTokensDetails = [{ modality: "TEXT", tokenCount: usage.cacheRead }];
	if (thoughts > 0) metadata.thoughtsTokenCount = thoughts;
	return metadata;
}

/** Gemini counts thoughts apart: `candidatesTokenCount` is output minus reasoning. */
function candidatesTotal(usage: PlannedUsage): number {
	return Math.max(0, usage.output - usage.reasoning);
}

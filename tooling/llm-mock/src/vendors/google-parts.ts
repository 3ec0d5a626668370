// The parts of a Gemini reply and where `thoughtSignature` sits on them. Sources:
// https://ai.google.dev/gemini-api/docs/thought-signatures (Gemini 3 returns a signature with every
// response that has a function call, on the first functionCall part only when calls are parallel;
// a response without a function call carries it on the last part); recorded streams, which never sign
// a thought part: vercel/ai packages/google/src/__fixtures__/google-reasoning-gemini3.chunks.txt,
// issue-18073-empty-text-thought-signature.chunks.txt and google-stream-gemini-3.7-flash-*.chunks.txt
// (text chunks, then a final chunk `{"text": "", "thoughtSignature": …}` carrying finishReason),
// google-tool-call-gemini3.chunks.txt and issue-10781.1.chunks.txt (a signed functionCall, after any
// unsigned text, then a final `{"text": ""}` chunk with finishReason; functionCall keys name, args,
// id), google-reasoning-gemini3.json and google-tool-call-gemini3.json (generateContent: the signature
// on the merged text part or on the functionCall part); gemini-2.5-flash captures in the Google
// upstream tests of neuraxes/neurouter (unsigned thought parts, then the signed functionCall).
import type { PlannedBlock, PlannedReply, PlannedToolCall } from "../internal/plan-reply.js";
import { parseArgumentsObject } from "../internal/plan-reply.js";

/** A JSON part as sent. */
export type Part = Record<string, unknown>;

/** One streamed part and what it adds to the running usage (characters of thought or of output). */
export interface StreamedPart {
	part: Part;
	thought: boolean;
	weight: number;
}

/** How signatures are filled in: Gemini 3 signs every reply; `mint` makes an opaque signature. */
export interface Signing {
	gemini3: boolean;
	mint: () => string;
}

/** True for the Gemini 3 family (`gemini-3-pro-preview`, `gemini-3.1-flash`…), named in the request path. */
export function isGemini3Model(model: string | undefined): boolean {
	return model !== undefined && /^gemini-3(?:[.-]|$)/.test(model);
}

/**
 * The streamed parts, one per delta or call. A thinking block's `signature` goes on the next
 * function call without one, else after the last part (an empty text part, as in recorded streams);
 * a text block's own signature on an empty text part right after it; a tool call's on its part.
 * Gemini 3 also signs the first function call, or the end of a reply without calls, and ends a reply
 * whose last part is a call with an empty text part (the chunk that carries finishReason).
 */
export function streamedParts(reply: PlannedReply, signing: Signing): StreamedPart[] {
	const parts: StreamedPart[] = [];
	const waiting: string[] = [];
	const visible = (part: Part, weight: number): void => {
		parts.push({ part, thought: false, weight });
	};
	for (const block of reply.blocks) {
		if (block.type === "thinking") {
			if (block.redacted) continue;
			for (const text of block.pieces)
				parts.push({ part: { text, thought: true }, thought: true, weight: text.length });
			if (block.signature !== undefined) waiting.push(block.signature);
		} else if (block.type === "text") {
			for (const text of block.pieces) visible({ text }, text.length);
			if (block.signature !== undefined) visible(signedEmpty(block.signature), 0);
		} else {
			visible(callPart(block, block.signature ?? waiting.shift()), block.arguments.length);
		}
	}
	for (const signature of waiting) visible(signedEmpty(signature), 0);
	if (signing.gemini3) {
		signGemini3(
			parts.map((entry) => entry.part),
			signing,
			(signature) => visible(signedEmpty(signature), 0),
		);
	}
	if (signing.gemini3 && parts.at(-1)?.part.functionCall !== undefined) visible({ text: "" }, 0);
	return parts;
}

/** The parts of a `generateContent` body: one per block, signatures on the parts themselves. */
export function wholeParts(reply: PlannedReply, signing: Signing): Part[] {
	const parts: Part[] = [];
	const waiting: string[] = [];
	for (const block of reply.blocks) {
		const part = wholePart(block, waiting);
		if (part) parts.push(part);
	}
	for (const signature of waiting) signEnd(parts, signature);
	if (signing.gemini3) signGemini3(parts, signing, (signature) => signEnd(parts, signature));
	return parts;
}

function wholePart(block: PlannedBlock, waiting: string[]): Part | undefined {
	switch (block.type) {
		case "thinking":
			if (block.redacted) return undefined;
			if (block.signature !== undefined) waiting.push(block.signature);
			return { text: block.text, thought: true };
		case "text":
			return block.signature === undefined
				? { text: block.text }
				: { text: block.text, thoughtSignature: block.signature };
		case "toolCall":
			return callPart(block, block.signature ?? waiting.shift());
	}
}

/** Puts a signature on the last part when it is unsigned visible text, else on a new empty part. */
function signEnd(parts: Part[], signature: string): void {
	const last = parts.at(-1);
	const lastIsUnsignedText =
		last !== undefined && typeof last.text === "string" && last.thought !== true && last.thoughtSignature === undefined;
	if (lastIsUnsignedText) parts[parts.length - 1] = { ...last, thoughtSignature: signature };
	else parts.push(signedEmpty(signature));
}

/**
 * Gemini 3: the first function call is signed; a reply without calls is signed at its end unless
 * its last part already is signed visible text. `signAtEnd` places a signature at the end.
 */
function signGemini3(parts: Part[], signing: Signing, signAtEnd: (signature: string) => void): void {
	const firstCall = parts.find((part) => part.functionCall !== undefined);
	if (firstCall) {
		if (firstCall.thoughtSignature === undefined) firstCall.thoughtSignature = signing.mint();
		return;
	}
	const last = parts.at(-1);
	if (last?.thoughtSignature !== undefined && last.thought !== true) return;
	signAtEnd(signing.mint());
}

function signedEmpty(signature: string): Part {
	return { text: "", thoughtSignature: signature };
}

/** `{functionCall: {name, args, id?}, thoughtSignature?}`; arguments are sent parsed, never streamed. */
function callPart(block: PlannedToolCall, signature: string | undefined): Part {
	const functionCall: Record<string, unknown> = { name: block.name, args: parseArgumentsObject(block.arguments) };
	if (block.id !== undefined) functionCall.id = block.id;
	return signature === undefined ? { functionCall } : { functionCall, thoughtSignature: signature };
}

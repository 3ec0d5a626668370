// Extensions' Markdown transformers (`pi.registerMarkdownTransformer`) applied to what the
// transcript draws: the stored message is never changed, only the text handed to the renderer.
import type { MarkdownTransformContext, MarkdownTransformer } from "../../core/extensions/extension-renderers.js";

/** Supplies the transformers in effect (read at every render, so registrations apply at once). */
export type MarkdownTransformers = () => readonly MarkdownTransformer[];

/**
 * Runs `transformers` in order, each on the previous one's output. One that throws or returns
 * something other than a string is skipped (as in pi 1.4): a broken transformer must not hide the
 * message.
 */
export function applyMarkdownTransformers(
	markdown: string,
	context: MarkdownTransformContext,
	transformers: readonly MarkdownTransformer[],
): string {
	let text = markdown;
	for (const transformer of transformers) {
		try {
			const transformed: unknown = transformer(text, context);
			if (typeof transformed === "string") text = transformed;
		} catch {
			// Skipped on purpose: the untransformed text is still correct Markdown.
		}
	}
	return text;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Strips lone UTF-16 surrogates from text before it is sent to a vendor (ai.md §3.2 rule 10):
 * vendors reject them as invalid UTF-8. Valid surrogate pairs (emoji etc.) are kept. Never throws.
 */
export function sanitizeSurrogates(text: string): string {
	return text.replace(LONE_SURROGATE, "");
}

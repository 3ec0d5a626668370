import type { SentImage } from "../api-under-test.js";

/**
 * An image sent as a `data:<mimeType>;base64,<data>` URL (both OpenAI APIs send images this way).
 * Any other URL is returned whole as `data`, without a `mimeType`.
 */
export function imageFromDataUrl(url: string): SentImage {
	const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
	return match ? { data: match[2] ?? "", mimeType: match[1] } : { data: url };
}

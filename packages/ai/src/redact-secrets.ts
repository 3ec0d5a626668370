/**
 * Removing credentials from error texts before they are stored (session files), printed, exported
 * or sent on a wire. Vendor and proxy error bodies sometimes echo the request's `Authorization`
 * header or the key itself ("401 … Bearer sk-…"); pi applies this where a provider error becomes
 * an `errorMessage`, so every later consumer sees only the redacted text.
 */

/** What replaces a secret. */
export const REDACTED = "[redacted]";

/** Known secrets shorter than this are not replaced verbatim (they would match ordinary words). */
const MIN_KNOWN_SECRET_LENGTH = 8;

const TOKEN = "[A-Za-z0-9._~+/=-]";

// Ordered: header and bearer forms first, so what they redact is not re-matched as a bare token.
const PATTERNS: readonly [RegExp, string][] = [
	// Authorization: Bearer xyz / Basic xyz (also inside JSON or escaped strings).
	[new RegExp(`\\b(Bearer|Basic|Token)(\\s+)${TOKEN}{6,}`, "gi"), `$1$2${REDACTED}`],
	// x-api-key: xyz, "api-key":"xyz", authorization=xyz, x-goog-api-key, apikey
	[
		new RegExp(
			`((?:x-)?(?:goog-)?api[-_]?key|authorization|access[-_]?token|refresh[-_]?token|client[-_]?secret|password)(\\\\?["']?\\s*[:=]\\s*\\\\?["']?)(?!\\[REDACTED\\]|(?:Bearer|Basic|Token)\\s)${TOKEN}{4,}`,
			"gi",
		),
		`$1$2${REDACTED}`,
	],
	// ?key=AIza… in URLs (Gemini).
	[new RegExp(`([?&](?:key|api_key|apikey|token)=)${TOKEN}{6,}`, "gi"), `$1${REDACTED}`],
	// Vendor key shapes: sk-… (OpenAI, Anthropic sk-ant-…, OpenRouter sk-or-…), AIza… (Google),
	// gsk_… (Groq), xai-…, ghp_/gho_/github_pat_… (GitHub), glpat-… (GitLab), hf_… (Hugging Face).
	[
		/\b(?:sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|gsk_[A-Za-z0-9]{20,}|xai-[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|hf_[A-Za-z0-9]{20,})/g,
		REDACTED,
	],
];

/**
 * `text` with credentials replaced by `[redacted]`: every occurrence of a `knownSecrets` value (the
 * key in use; values shorter than 8 characters are ignored), `Bearer …`/`Basic …` tokens, the values
 * of `x-api-key`/`api-key`/`authorization`-like fields, `?key=` URL parameters and `sk-…`-shaped
 * vendor keys. Text without secrets is returned unchanged.
 */
export function redactSecrets(text: string, knownSecrets: readonly (string | undefined)[] = []): string {
	let result = text;
	const secrets = knownSecrets
		.filter((secret): secret is string => typeof secret === "string" && secret.length >= MIN_KNOWN_SECRET_LENGTH)
		// Longest first: a key that contains another known value is removed whole.
		.sort((a, b) => b.length - a.length);
	for (const secret of secrets) result = result.split(secret).join(REDACTED);
	for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
	return result;
}

// BM25 ranking of tools for `searchTools()` and `tool_search`. Each tool is one document: its name
// (twice, so name words weigh more), description, the property names and descriptions of its
// parameter schema, and its namespace's name, description and instructions. Tokenisation, stop
// words, the plural folding and the parameters follow pi 1.4 (compared side by side on the same
// tool sets, apps/pi/test/parity/codemode-parity.mjs `search-*`), so a query finds the same tools.

/** A tool as ranking sees it. */
export interface RankableTool {
	name: string;
	description: string;
	/** JSON schema of the input; its property names and descriptions are searched too. */
	parameters?: unknown;
	namespace?: { name: string; description?: string; instructions?: string };
}

/** How many tools `tool_search` and `searchTools()` return unless told otherwise. */
export const DEFAULT_SEARCH_LIMIT = 8;

const K1 = 1.2;
const B = 0.75;

/** Words too common to tell tools apart; a query of only these matches nothing. */
const STOP_WORDS = new Set("a an and are as at be by for from in is it of on or that the this to with".split(" "));

/** Folds a plural to its singular, roughly: `issues` → `issue`, `searches` → `search`, `entries` → `entry`. */
function singular(word: string): string {
	if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
	if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
	if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
	return word;
}

/**
 * The search words of a text: lower case, split at anything but letters and digits and at
 * camelCase boundaries (`searchIssues`, `HTTPServer` → `http server`), stop words left out,
 * plurals folded.
 */
export function tokenize(text: string): string[] {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word.length > 0 && !STOP_WORDS.has(word))
		.map(singular);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Descriptions and property names of a JSON schema, nested ones included. */
function schemaWords(schema: unknown, out: string[]): void {
	if (!isRecord(schema)) return;
	if (typeof schema.description === "string") out.push(schema.description);
	if (isRecord(schema.properties)) {
		for (const [name, property] of Object.entries(schema.properties)) {
			out.push(name);
			schemaWords(property, out);
		}
	}
	schemaWords(schema.items, out);
	for (const key of ["anyOf", "oneOf", "allOf"]) {
		const variants = schema[key];
		if (Array.isArray(variants)) for (const variant of variants) schemaWords(variant, out);
	}
}

/** The text a tool is found by. */
export function searchText(tool: RankableTool): string {
	const parts = [tool.name, tool.name.replaceAll("_", " "), tool.description];
	schemaWords(tool.parameters, parts);
	if (tool.namespace)
		parts.push(tool.namespace.name, tool.namespace.description ?? "", tool.namespace.instructions ?? "");
	return parts.filter((part) => part.trim().length > 0).join(" ");
}

/**
 * The tools matching `query`, best first (ties keep the input order); tools that share no word
 * with the query are left out. `limit` defaults to 8.
 */
export function rankTools<T extends RankableTool>(
	tools: readonly T[],
	query: string,
	limit = DEFAULT_SEARCH_LIMIT,
): T[] {
	const terms = [...new Set(tokenize(query))];
	if (terms.length === 0 || tools.length === 0 || limit <= 0) return [];
	const counts = tools.map((tool) => {
		const count = new Map<string, number>();
		for (const word of tokenize(searchText(tool))) count.set(word, (count.get(word) ?? 0) + 1);
		return count;
	});
	const lengths = counts.map((count) => [...count.values()].reduce((sum, n) => sum + n, 0));
	const averageLength = lengths.reduce((sum, length) => sum + length, 0) / tools.length || 1;
	const idf = new Map(
		terms.map((term) => {
			const df = counts.filter((count) => count.has(term)).length;
			return [term, Math.log(1 + (tools.length - df + 0.5) / (df + 0.5))] as const;
		}),
	);
	const scored: { index: number; score: number }[] = [];
	counts.forEach((count, index) => {
		let score = 0;
		const norm = K1 * (1 - B + (B * (lengths[index] ?? 0)) / averageLength);
		for (const term of terms) {
			const frequency = count.get(term);
			if (!frequency) continue;
			// Grouped as written so that near-ties round the same way as in 1.4.
			score += (idf.get(term) ?? 0) * ((frequency * (K1 + 1)) / (frequency + norm));
		}
		if (score > 0) scored.push({ index, score });
	});
	return scored
		.sort((a, b) => b.score - a.score || a.index - b.index)
		.slice(0, limit)
		.flatMap((entry) => tools[entry.index] ?? []);
}

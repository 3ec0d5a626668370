// BM25 ranking of tools for `searchTools()` and `tool_search`: each tool is a document of its
// name (split into words, weighted up), namespace and description.

/** A tool as ranking sees it. */
export interface RankableTool {
	name: string;
	description: string;
	namespace?: { name: string; description?: string };
}

const K1 = 1.2;
const B = 0.75;
/** How many times a tool's name words count (a query word in the name matters most). */
const NAME_WEIGHT = 3;

/** Lower-case words of a text; `snake_case`, `kebab-case` and `camelCase` split into parts. */
export function tokenize(text: string): string[] {
	return text
		.replace(/([a-z0-9])([A-Z])/g, "$1 $2")
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word.length > 0);
}

function documentOf(tool: RankableTool): string[] {
	const nameWords = tokenize(tool.name);
	return [
		...Array.from({ length: NAME_WEIGHT }, () => nameWords).flat(),
		...tokenize(tool.namespace?.name ?? ""),
		...tokenize(tool.namespace?.description ?? ""),
		...tokenize(tool.description),
	];
}

/**
 * The tools matching `query`, best first (ties keep the input order); tools sharing no word with
 * the query are left out. `limit` defaults to 8.
 */
export function rankTools<T extends RankableTool>(tools: readonly T[], query: string, limit = 8): T[] {
	const terms = [...new Set(tokenize(query))];
	if (terms.length === 0 || tools.length === 0) return [];
	const documents = tools.map(documentOf);
	const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / documents.length || 1;
	const documentFrequency = new Map<string, number>();
	for (const doc of documents)
		for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
	const scored = documents.map((doc, index) => {
		let score = 0;
		for (const term of terms) {
			const frequency = doc.filter((word) => word === term).length;
			if (frequency === 0) continue;
			const df = documentFrequency.get(term) ?? 0;
			const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
			score += (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * doc.length) / averageLength));
		}
		return { index, score };
	});
	return scored
		.filter((entry) => entry.score > 0)
		.sort((a, b) => b.score - a.score || a.index - b.index)
		.slice(0, Math.max(0, limit))
		.flatMap((entry) => tools[entry.index] ?? []);
}

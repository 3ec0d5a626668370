import type { Model } from "@pi/ai";
import { fuzzyFilter } from "@pi/tui";
import { ModelRuntime } from "../core/models/model-runtime.js";

/** 200000 → "200K", 1000000 → "1M", 1048576 → "1.0M": one decimal only where the count is not round. */
export function formatTokenCount(count: number): string {
	for (const [unit, size] of [
		["M", 1_000_000],
		["K", 1_000],
	] as const) {
		if (count >= size) {
			const scaled = count / size;
			return Number.isInteger(scaled) ? `${scaled}${unit}` : `${scaled.toFixed(1)}${unit}`;
		}
	}
	return String(count);
}

const HEADER = ["provider", "model", "context", "max-out", "thinking", "images"] as const;

/** One table row per model, in the column order of HEADER. */
function row(model: Model): string[] {
	return [
		model.provider,
		model.id,
		formatTokenCount(model.contextWindow),
		formatTokenCount(model.maxTokens),
		model.reasoning ? "yes" : "no",
		model.input.includes("image") ? "yes" : "no",
	];
}

/**
 * The `--list-models` table as pi 1.4 prints it (scripts parse it): a header line, then one line
 * per model sorted by provider and id, every column padded to its widest cell (the last one too)
 * and separated by two spaces.
 */
export function formatModelTable(models: readonly Model[]): string {
	const sorted = [...models].sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
	const rows = [[...HEADER], ...sorted.map(row)];
	const widths = HEADER.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
	return rows.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}

/**
 * `pi --list-models [search]`: the available models (those with a credential). The search is fuzzy
 * over "provider id", as the model picker's. Both "nothing" answers go to stdout with exit 0.
 */
export async function listModels(agentDir: string, search?: string): Promise<number> {
	const runtime = await ModelRuntime.create({ agentDir });
	const error = runtime.getError();
	if (error) process.stderr.write(`Warning: ${error}\n`);
	for (const problem of runtime.getEntryProblems()) process.stderr.write(`Warning: ${problem}\n`);
	const available = await runtime.getAvailable();
	if (available.length === 0) {
		process.stdout.write(
			"No models available. Set a provider's key variable (e.g. ANTHROPIC_API_KEY), store one with pi auth set <provider> or /login, or add a provider to models.json (docs/providers.md).\n",
		);
		return 0;
	}
	const models = search ? fuzzyFilter(available, search, (model) => `${model.provider} ${model.id}`) : available;
	if (models.length === 0) {
		process.stdout.write(`No models matching "${search}"\n`);
		return 0;
	}
	process.stdout.write(`${formatModelTable(models)}\n`);
	return 0;
}

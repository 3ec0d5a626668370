import { ModelRuntime } from "../core/models/model-runtime.js";

/** `pi --list-models [search]`: the available models (those with a credential), one per line. */
export async function listModels(agentDir: string, search?: string): Promise<number> {
	const runtime = await ModelRuntime.create({ agentDir });
	const error = runtime.getError();
	if (error) process.stderr.write(`Warning: ${error}\n`);
	for (const problem of runtime.getEntryProblems()) process.stderr.write(`Warning: ${problem}\n`);
	const needle = search?.toLowerCase();
	const models = (await runtime.getAvailable()).filter(
		(model) =>
			needle === undefined ||
			`${model.provider}/${model.id}`.toLowerCase().includes(needle) ||
			model.name.toLowerCase().includes(needle),
	);
	if (models.length === 0) {
		process.stderr.write(
			search
				? `No available model matches "${search}".\n`
				: "No models available: set a provider key (e.g. ANTHROPIC_API_KEY), run pi auth set <provider>, or add a local server to models.json.\n",
		);
		return 0;
	}
	const rows = models.map((model) => [
		`${model.provider}/${model.id}`,
		model.name,
		`${Math.round(model.contextWindow / 1000)}k`,
		model.reasoning ? "thinking" : "",
	]);
	const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
	const lines = rows.map((row) =>
		row
			.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell))
			.join("  ")
			.trimEnd(),
	);
	process.stdout.write(`${lines.join("\n")}\n`);
	return 0;
}

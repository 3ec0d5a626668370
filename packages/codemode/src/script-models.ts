// `models.*` in scripts. Chat models come from pi's model catalogue and are listed only (scripts
// cannot run them). pi's providers offer no classifier or image models yet, so those lists are
// honestly empty and running one answers with an error result, as a provider error would.
import type { ExtensionContext } from "@pi/coding-agent";

type ModelType = "chat" | "image" | "classifier";

/** A catalogue entry as scripts see it. */
interface ModelInfo {
	type: ModelType;
	provider: string;
	id: string;
	name: string;
	api: string;
	input: ("text" | "image")[];
	contextWindow?: number;
}

function isModelType(value: unknown): value is ModelType {
	return value === "chat" || value === "image" || value === "classifier";
}

async function modelsOfType(
	ctx: ExtensionContext,
	type: unknown,
	provider: unknown,
	availableOnly: boolean,
): Promise<ModelInfo[]> {
	if (!isModelType(type)) throw new Error(`Unknown model type ${JSON.stringify(type)} (chat, image or classifier)`);
	if (type !== "chat") return [];
	const models = availableOnly ? await ctx.modelRegistry.getAvailable() : ctx.modelRegistry.getAll();
	return models
		.filter((model) => provider === undefined || model.provider === provider)
		.map((model) => ({
			type: "chat",
			provider: model.provider,
			id: model.id,
			name: model.name,
			api: model.api,
			input: [...model.input],
			contextWindow: model.contextWindow,
		}));
}

/** Answers `models.<method>(...args)`. */
export async function answerModelsCall(ctx: ExtensionContext, method: string, args: unknown[]): Promise<unknown> {
	switch (method) {
		case "getModelsOfType":
			return modelsOfType(ctx, args[0], args[1], false);
		case "getAvailableOfType":
			return modelsOfType(ctx, args[0], args[1], true);
		case "getModelOfType": {
			const list = await modelsOfType(ctx, args[0], args[1], false);
			return list.find((model) => model.id === args[2]);
		}
		case "classify":
		case "generateImages": {
			const model = (args[0] ?? {}) as { provider?: unknown; id?: unknown };
			const kind = method === "classify" ? "classifier" : "image";
			return {
				provider: String(model.provider ?? ""),
				model: String(model.id ?? ""),
				...(method === "classify" ? { answers: {} } : { output: [] }),
				stopReason: "error",
				errorMessage: `No ${kind} model ${String(model.provider)}/${String(model.id)} is available: pi's providers offer no ${kind} models (models.getModelsOfType("${kind}") lists them).`,
			};
		}
		default:
			throw new Error(`models.${method} is not a function`);
	}
}

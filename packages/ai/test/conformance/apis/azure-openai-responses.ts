import { stream, streamSimple } from "../../../src/providers/azure-openai-responses.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest } from "../api-under-test.js";
import { gpt5MiniMockModel } from "../support/openai-mock-model.js";
import { openaiResponses } from "./openai-responses.js";

/**
 * The `azure-openai-responses` API through the `openai` SDK's `AzureOpenAI` client: the same
 * Responses body as `openai-responses`, at `<resource>/openai/v1/responses?api-version=v1` with an
 * `api-key` header.
 */
export const azureOpenAIResponses: ApiUnderTest = {
	...openaiResponses,
	api: "azure-openai-responses",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return gpt5MiniMockModel("azure-openai-responses", "GPT-5 mini on Azure (mock)", mockUrl, {
			provider: "azure",
			baseUrl: `${mockUrl}/openai/v1`,
			...overrides,
		});
	},
};

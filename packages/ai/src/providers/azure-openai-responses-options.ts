import type { OpenAIResponsesOptions } from "./openai-responses-options.js";

/** Options of the `azure-openai-responses` API module. */
export interface AzureOpenAIResponsesOptions extends OpenAIResponsesOptions {
	/** API root; default `AZURE_OPENAI_BASE_URL`, then the resource name, then `model.baseUrl`. */
	azureBaseUrl?: string;
	/** Resource name; default `AZURE_OPENAI_RESOURCE_NAME`. */
	azureResourceName?: string;
	/** `api-version`; default `AZURE_OPENAI_API_VERSION`, then "v1". */
	azureApiVersion?: string;
	/** Deployment sent as the request's model; default from `AZURE_OPENAI_DEPLOYMENT_NAME_MAP`, then the model id. */
	azureDeploymentName?: string;
}

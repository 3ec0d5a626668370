import { defaultEnv } from "../env-api-keys.js";
import type { Model } from "../types.js";
import type { AzureOpenAIResponsesOptions } from "./azure-openai-responses-options.js";

/** Azure's version for the v1 API surface (`/openai/v1/...`), sent as `api-version`. */
export const DEFAULT_AZURE_API_VERSION = "v1";

const AZURE_HOST = /\.(openai\.azure\.com|cognitiveservices\.azure\.com|ai\.azure\.com)$/;

/** Azure's variables: the request's `options.env` over the process environment. */
function azureEnv(options: AzureOpenAIResponsesOptions | undefined): Readonly<Record<string, string | undefined>> {
	return { ...defaultEnv(), ...options?.env };
}

/**
 * `AZURE_OPENAI_DEPLOYMENT_NAME_MAP` (`model=deployment,model2=deployment2`): the deployment a
 * model id is served under. Default: the model id itself.
 */
export function resolveAzureDeployment(model: Model, options?: AzureOpenAIResponsesOptions): string {
	if (options?.azureDeploymentName) return options.azureDeploymentName;
	const map = azureEnv(options).AZURE_OPENAI_DEPLOYMENT_NAME_MAP ?? "";
	for (const entry of map.split(",")) {
		const [modelId, deployment] = entry.split("=", 2).map((part) => part.trim());
		if (modelId === model.id && deployment) return deployment;
	}
	return model.id;
}

/**
 * The API root: `azureBaseUrl`, else `AZURE_OPENAI_BASE_URL`, else
 * `https://<AZURE_OPENAI_RESOURCE_NAME>.openai.azure.com/openai/v1`, else `model.baseUrl`. A bare
 * Azure resource URL (`https://x.openai.azure.com`, `/openai`) is completed to `/openai/v1`; any
 * other URL (a proxy, a test server) is used as given. Throws when none is configured.
 */
export function resolveAzureBaseUrl(model: Model, options?: AzureOpenAIResponsesOptions): string {
	const env = azureEnv(options);
	const resource = options?.azureResourceName ?? env.AZURE_OPENAI_RESOURCE_NAME;
	const configured =
		options?.azureBaseUrl?.trim() ||
		env.AZURE_OPENAI_BASE_URL?.trim() ||
		(resource ? `https://${resource}.openai.azure.com/openai/v1` : "") ||
		model.baseUrl.trim();
	if (!configured) {
		throw new Error(
			"Azure OpenAI needs an endpoint: set AZURE_OPENAI_BASE_URL (https://<resource>.openai.azure.com) or AZURE_OPENAI_RESOURCE_NAME, or give the model a baseUrl in models.json",
		);
	}
	let url: URL;
	try {
		url = new URL(configured);
	} catch {
		throw new Error(`Invalid Azure OpenAI base URL: ${configured}`);
	}
	const path = url.pathname.replace(/\/+$/, "");
	if (AZURE_HOST.test(url.hostname) && ["", "/openai", "/openai/v1/responses"].includes(path)) {
		url.pathname = "/openai/v1";
		url.search = "";
	}
	return url.toString().replace(/\/+$/, "");
}

/** `azureApiVersion`, else `AZURE_OPENAI_API_VERSION`, else "v1". */
export function resolveAzureApiVersion(options?: AzureOpenAIResponsesOptions): string {
	return options?.azureApiVersion || azureEnv(options).AZURE_OPENAI_API_VERSION || DEFAULT_AZURE_API_VERSION;
}

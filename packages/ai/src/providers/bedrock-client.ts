import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from "@aws-sdk/client-bedrock-runtime";
import { defaultEnv } from "../env-api-keys.js";
import type { Model } from "../types.js";
import { commonJsExports } from "../utils/commonjs-exports.js";
import type { BedrockOptions } from "./bedrock-options.js";
import { proxyAgentsFor } from "./shared/proxy-agent.js";

type BedrockSdk = typeof import("@aws-sdk/client-bedrock-runtime");

/** `bedrock-runtime.<region>.amazonaws.com` → region; undefined for any other host. */
export function standardEndpointRegion(baseUrl: string): string | undefined {
	try {
		const host = new URL(baseUrl).hostname.toLowerCase();
		return /^bedrock-runtime(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?$/.exec(host)?.[1];
	} catch {
		return undefined;
	}
}

/**
 * Client settings for one request:
 * - region: an inference-profile ARN's region, else `options.region`, `AWS_REGION`,
 *   `AWS_DEFAULT_REGION`, else the region of a standard endpoint in `model.baseUrl`, else us-east-1;
 * - endpoint: `model.baseUrl` when it is not a standard Bedrock endpoint (a proxy, a VPC endpoint, a
 *   test server), or when no region is configured (the catalogue's default endpoint);
 * - auth: a non-empty key is a Bedrock API key sent as a bearer token; an empty one leaves signing
 *   (SigV4) to the SDK's standard credential chain (`AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`,
 *   `AWS_PROFILE`, SSO, ECS, web identity); `AWS_BEDROCK_SKIP_AUTH=1` sends dummy keys (proxies
 *   that sign themselves);
 * - HTTP/1.1 (`NodeHttpHandler`), through `HTTPS_PROXY`/`HTTP_PROXY` unless `NO_PROXY` matches;
 * - no SDK retries (the caller retries, ai.md §9).
 */
export async function createBedrockClient(
	sdk: BedrockSdk,
	model: Model,
	apiKey: string,
	options: BedrockOptions,
): Promise<BedrockRuntimeClient> {
	const env = { ...defaultEnv(), ...options.env };
	const configuredRegion = options.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || undefined;
	const endpointRegion = standardEndpointRegion(model.baseUrl);
	const arnRegion = /^arn:aws(?:-[a-z0-9-]+)?:bedrock:([a-z0-9-]+):/.exec(model.id)?.[1];
	const useEndpoint = model.baseUrl !== "" && (endpointRegion === undefined || (!configuredRegion && !env.AWS_PROFILE));
	// A CommonJS package: a bundler may put its exports under `default`.
	const { NodeHttpHandler } = commonJsExports(await import("@smithy/node-http-handler"), "NodeHttpHandler");
	const agents = await proxyAgentsFor(model.baseUrl, env);
	const config: BedrockRuntimeClientConfig = {
		region: arnRegion ?? configuredRegion ?? endpointRegion ?? "us-east-1",
		maxAttempts: 1,
		requestHandler: new NodeHttpHandler(agents ? { httpAgent: agents.http, httpsAgent: agents.https } : {}),
	};
	if (useEndpoint) config.endpoint = model.baseUrl;
	if (env.AWS_PROFILE && !apiKey) config.profile = env.AWS_PROFILE;
	if (env.AWS_BEDROCK_SKIP_AUTH === "1") {
		config.credentials = { accessKeyId: "dummy-access-key", secretAccessKey: "dummy-secret-key" };
	} else if (apiKey) {
		config.token = { token: apiKey };
		config.authSchemePreference = ["httpBearerAuth"];
	} else if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY && !env.AWS_PROFILE) {
		config.credentials = {
			accessKeyId: env.AWS_ACCESS_KEY_ID,
			secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
			...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
		};
	}
	// The SDK warns on stderr that later releases need Node 22; pi pins a release that runs on Node
	// 20 (README, "Pinned versions"), so the warning would only interleave with pi's own output.
	process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
	return new sdk.BedrockRuntimeClient(config);
}

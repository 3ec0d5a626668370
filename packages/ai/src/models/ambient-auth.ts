import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { ApiKeyAuth, AuthResolveInput } from "../provider.js";

/** A variable from the stored credential's `env` first, then the environment. */
function envValue(input: AuthResolveInput, name: string): string | undefined {
	return input.credential?.env?.[name] || input.env[name] || undefined;
}

/**
 * Amazon Bedrock: a stored key or `AWS_BEARER_TOKEN_BEDROCK` is sent as a bearer token; otherwise
 * any source of the AWS SDK's standard credential chain (profile, access keys, ECS task role, web
 * identity) makes the provider available with an empty key, and the SDK signs requests (SigV4).
 */
export function bedrockAuth(): ApiKeyAuth {
	return {
		name: "AWS credentials or bearer token",
		envVars: ["AWS_BEARER_TOKEN_BEDROCK"],
		resolve: (input) => {
			if (input.credential?.key) return { auth: { apiKey: input.credential.key }, source: "stored credential" };
			const bearer = envValue(input, "AWS_BEARER_TOKEN_BEDROCK");
			if (bearer) return { auth: { apiKey: bearer }, source: "AWS_BEARER_TOKEN_BEDROCK" };
			if (envValue(input, "AWS_PROFILE")) return { auth: { apiKey: "" }, source: "AWS_PROFILE" };
			if (envValue(input, "AWS_ACCESS_KEY_ID") && envValue(input, "AWS_SECRET_ACCESS_KEY"))
				return { auth: { apiKey: "" }, source: "AWS access keys" };
			if (
				envValue(input, "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") ||
				envValue(input, "AWS_CONTAINER_CREDENTIALS_FULL_URI")
			)
				return { auth: { apiKey: "" }, source: "ECS task role" };
			if (envValue(input, "AWS_WEB_IDENTITY_TOKEN_FILE")) return { auth: { apiKey: "" }, source: "web identity token" };
			return undefined;
		},
	};
}

/**
 * Google Vertex AI: a stored key or `GOOGLE_CLOUD_API_KEY` (express mode); otherwise application
 * default credentials (`GOOGLE_APPLICATION_CREDENTIALS` or gcloud's file) together with a project
 * and a location, with an empty key (the SDK authenticates itself).
 */
export function vertexAuth(): ApiKeyAuth {
	return {
		name: "Google Cloud credentials",
		envVars: ["GOOGLE_CLOUD_API_KEY"],
		resolve: (input) => {
			if (input.credential?.key) return { auth: { apiKey: input.credential.key }, source: "stored credential" };
			const key = envValue(input, "GOOGLE_CLOUD_API_KEY");
			if (key) return { auth: { apiKey: key }, source: "GOOGLE_CLOUD_API_KEY" };
			const project = envValue(input, "GOOGLE_CLOUD_PROJECT") ?? envValue(input, "GCLOUD_PROJECT");
			const location = envValue(input, "GOOGLE_CLOUD_LOCATION");
			if (!project || !location) return undefined;
			const file =
				envValue(input, "GOOGLE_APPLICATION_CREDENTIALS") ??
				join(homedir(), ".config", "gcloud", "application_default_credentials.json");
			return existsSync(file) ? { auth: { apiKey: "" }, source: "application default credentials" } : undefined;
		},
	};
}

/**
 * An API key that also needs account variables (Cloudflare): configured only when the key and
 * every one of `requiredVars` are set (stored credential `env` or environment).
 */
export function keyWithVariablesAuth(
	name: string,
	keyVars: readonly string[],
	requiredVars: readonly string[],
): ApiKeyAuth {
	return {
		name,
		envVars: keyVars,
		resolve: (input) => {
			if (requiredVars.some((variable) => !envValue(input, variable))) return undefined;
			if (input.credential?.key) return { auth: { apiKey: input.credential.key }, source: "stored credential" };
			for (const variable of keyVars) {
				const value = envValue(input, variable);
				if (value) return { auth: { apiKey: value }, source: variable };
			}
			return undefined;
		},
	};
}

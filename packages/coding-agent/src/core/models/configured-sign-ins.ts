// The sign-ins models.json configures (`"oauth": "radius"` with the gateway's `baseUrl`). Kept
// apart from the models.json validator so that ACP's `initialize` can list them without loading
// the model catalogue (that answer is written before anything heavy loads).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A models.json provider that signs in to its own gateway. */
export interface ConfiguredSignIn {
	id: string;
	name: string;
	/** The gateway's address (the provider's `baseUrl`). */
	gateway: string;
}

/** Display name of a models.json Radius gateway's sign-in. */
export function radiusName(providerId: string): string {
	return `Radius gateway (${providerId})`;
}

/** The sign-ins among models.json's `providers` (validated or raw: anything else is skipped). */
export function configuredSignInsOf(providers: Readonly<Record<string, unknown>>): ConfiguredSignIn[] {
	const signIns: ConfiguredSignIn[] = [];
	for (const [id, config] of Object.entries(providers)) {
		if (typeof config !== "object" || config === null) continue;
		const { oauth, baseUrl } = config as { oauth?: unknown; baseUrl?: unknown };
		if (oauth === "radius" && typeof baseUrl === "string" && baseUrl !== "")
			signIns.push({ id, name: radiusName(id), gateway: baseUrl });
	}
	return signIns;
}

/**
 * Reads `<agentDir>/models.json` for its sign-ins. A missing or broken file has none here: the
 * runtime reports a broken models.json where it loads it, with the key at fault.
 */
export function readConfiguredSignIns(agentDir: string): ConfiguredSignIn[] {
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(join(agentDir, "models.json"), "utf8"));
	} catch {
		return [];
	}
	const providers = (parsed as { providers?: unknown } | null)?.providers;
	if (typeof providers !== "object" || providers === null || Array.isArray(providers)) return [];
	return configuredSignInsOf(providers as Record<string, unknown>);
}

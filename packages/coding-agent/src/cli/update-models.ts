import { fetchModelCatalogue } from "@pi/ai";
import { writeJsonFileAtomic } from "../core/config/json-file.js";
import { refreshedCataloguePath } from "../core/models/refreshed-catalogue.js";
import { getAgentDir } from "../core/session/session-paths.js";

/**
 * `pi update --models`: downloads the newest published model facts (from the npm registry,
 * `npm_config_registry` when set) and saves them for later runs. Exit 0 with a one-line summary, or
 * 1 with the reason on stderr.
 */
export async function updateModels(agentDir = getAgentDir()): Promise<number> {
	try {
		const catalogue = await fetchModelCatalogue({
			registry: process.env.npm_config_registry || undefined,
			signal: AbortSignal.timeout(60_000),
		});
		writeJsonFileAtomic(refreshedCataloguePath(agentDir), catalogue);
		const providers = Object.keys(catalogue.providers).length;
		const models = Object.values(catalogue.providers).reduce((sum, list) => sum + list.length, 0);
		process.stdout.write(
			`Updated the model catalogue from ${catalogue.source}: ${providers} providers, ${models} models\n`,
		);
		return 0;
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		process.stderr.write(`Error: could not update the model catalogue: ${reason}\n`);
		return 1;
	}
}

import { isAbsolute, resolve } from "node:path";
import { isLocalSource } from "../core/packages/local-source.js";
import { createAgentSessionServices } from "../core/sdk.js";
import { expandHome, getAgentDir } from "../core/session/session-paths.js";
import type { Args } from "./args.js";
import type { HelpExtensionFlag } from "./help.js";
import type { BuiltinExtensionFactory } from "./main.js";

/**
 * Loads the extensions a run would load (factories only: extensions.md §1.2 keeps them free of
 * side effects) to list the flags they register in `--help`. Load failures are left to a real run.
 */
export async function extensionFlagsForHelp(
	args: Args,
	extensionFactories: readonly BuiltinExtensionFactory[],
): Promise<HelpExtensionFlag[]> {
	const cwd = process.cwd();
	const services = await createAgentSessionServices({
		cwd,
		agentDir: getAgentDir(),
		projectTrusted: args.approve,
		extensionPaths: args.extensions.map((path) => {
			if (!isLocalSource(path)) return path.trim();
			const expanded = expandHome(path);
			return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
		}),
		noExtensions: args.noExtensions,
		extensionFactories,
	});
	const flags = services.extensions?.runner.getFlags() ?? new Map();
	return [...flags].map(([name, flag]) => ({
		name,
		type: flag.type,
		description: flag.description,
		extensionPath: flag.extensionPath,
	}));
}

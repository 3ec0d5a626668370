import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { ResourceDiagnostic } from "./resource-diagnostic.js";

/** One AGENTS.md / CLAUDE.md file, inserted verbatim into the system prompt. */
export interface ContextFile {
	path: string;
	content: string;
}

const CONTEXT_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"];

function contextFileIn(dir: string): string | undefined {
	for (const name of CONTEXT_FILE_NAMES) {
		const path = join(dir, name);
		if (existsSync(path)) return path;
	}
	return undefined;
}

/** Directories from the filesystem root down to `cwd`. */
export function ancestorsOutermostFirst(cwd: string): string[] {
	const dirs: string[] = [];
	let current = resolve(cwd);
	for (;;) {
		dirs.push(current);
		const parent = dirname(current);
		if (parent === current) break;
		current = parent;
	}
	return dirs.reverse();
}

/**
 * Collects context files (configuration.md §6): the global one in the agent dir, then (when
 * `includeProject`) one per directory from the outermost ancestor down to the cwd, AGENTS.md
 * preferred over CLAUDE.md, each path once. Unreadable files are skipped with a warning.
 */
export function loadContextFiles(options: { cwd: string; agentDir: string; includeProject: boolean }): {
	files: ContextFile[];
	diagnostics: ResourceDiagnostic[];
} {
	const candidates = [contextFileIn(options.agentDir)];
	if (options.includeProject) candidates.push(...ancestorsOutermostFirst(options.cwd).map(contextFileIn));
	const files: ContextFile[] = [];
	const diagnostics: ResourceDiagnostic[] = [];
	const seen = new Set<string>();
	for (const path of candidates) {
		if (!path || seen.has(path)) continue;
		seen.add(path);
		try {
			files.push({ path, content: readFileSync(path, "utf8") });
		} catch (error) {
			diagnostics.push({
				type: "warning",
				path,
				message: `Cannot read context file ${path}: ${(error as Error).message}`,
			});
		}
	}
	return { files, diagnostics };
}

/** True when the project has inputs that need trust (extensions.md §1.4). */
export function hasProjectTrustInputs(cwd: string, configDirName = ".pi"): boolean {
	if (existsSync(join(resolve(cwd), configDirName))) return true;
	return ancestorsOutermostFirst(cwd).some(
		(dir) => contextFileIn(dir) !== undefined || existsSync(join(dir, ".agents", "skills")),
	);
}

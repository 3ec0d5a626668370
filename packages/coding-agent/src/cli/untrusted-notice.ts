import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const CONTEXT_FILES = ["AGENTS.md", "CLAUDE.md"];

/** The project inputs an untrusted project would have loaded (extensions.md §1.4), as short names. */
export function skippedProjectInputs(cwd: string): string[] {
	const root = resolve(cwd);
	const skipped: string[] = [];
	const piDir = join(root, ".pi");
	if (existsSync(piDir)) {
		const entries = readdirSync(piDir).filter((name) => name !== "sessions");
		skipped.push(...(entries.length > 0 ? entries.map((name) => `.pi/${name}`) : [".pi/"]));
	}
	for (let dir = root; ; dir = dirname(dir)) {
		const file = CONTEXT_FILES.find((name) => existsSync(join(dir, name)));
		if (file) skipped.push(relative(root, join(dir, file)) || file);
		if (existsSync(join(dir, ".agents", "skills"))) skipped.push(relative(root, join(dir, ".agents", "skills")));
		if (dirname(dir) === dir) break;
	}
	return skipped;
}

/** The one stderr line of a non-interactive run that skipped project inputs (decided wording). */
export function untrustedNotice(skipped: readonly string[]): string {
	return `Note: untrusted project, not loaded: ${skipped.join(", ")} (trust it with --approve, or set defaultProjectTrust in settings.json)\n`;
}

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, CompletionResult } from "@pi/tui";
import ignore, { type Ignore } from "ignore";

/** The project's root `.gitignore` rules, or undefined without one (or when unreadable). */
function loadRootGitignore(cwd: string): Ignore | undefined {
	const path = join(cwd, ".gitignore");
	if (!existsSync(path)) return undefined;
	try {
		return ignore().add(readFileSync(path, "utf8"));
	} catch {
		return undefined;
	}
}

/** The path an `@` suggestion inserts (`@src/a.ts`, `@"my file.ts"`). */
function referencedPath(item: AutocompleteItem): string {
	return item.value.replace(/^@/, "").replace(/^"(.*)"$/, "$1");
}

/**
 * Wraps an autocomplete provider so `@` file suggestions leave out what the project's root
 * `.gitignore` ignores (build output, caches); commands and Tab paths pass through.
 */
export class GitignoreAwareAutocomplete implements AutocompleteProvider {
	private readonly rules: Ignore | undefined;

	constructor(
		private readonly inner: AutocompleteProvider,
		cwd: string,
	) {
		this.rules = loadRootGitignore(cwd);
	}

	getSuggestions(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		options?: { force?: boolean },
	): AutocompleteSuggestions | null {
		const suggestions = this.inner.getSuggestions(lines, cursorLine, cursorCol, options);
		const rules = this.rules;
		if (!suggestions || !rules || !suggestions.prefix.startsWith("@")) return suggestions;
		const items = suggestions.items.filter((item) => {
			const path = referencedPath(item);
			return path === "" || !rules.ignores(path);
		});
		return items.length > 0 ? { ...suggestions, items } : null;
	}

	applyCompletion(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		return this.inner.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
	}
}

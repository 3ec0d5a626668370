import {
	type AutocompleteItem,
	type AutocompleteProvider,
	type AutocompleteSuggestions,
	type CompletionResult,
	FILE_REFERENCE,
	MAX_FILE_SUGGESTIONS,
} from "@pi/tui";
import { ProjectFileIndex, type ProjectFileIndexOptions } from "./project-file-index.js";

/** What the editor should do when the file index has grown. */
export interface FileIndexUpdate {
	/**
	 * True when the last `@` query found nothing while the index was still being read: the list
	 * should open now if something matches, as if the user had typed again.
	 */
	openIfClosed: boolean;
}

export interface GitignoreAwareAutocompleteOptions extends Omit<ProjectFileIndexOptions, "onUpdate"> {
	/** Called when the file index grew; refresh the editor's list (`Editor.refreshAutocomplete`) and render. */
	onUpdate?: (update: FileIndexUpdate) => void;
}

/**
 * Wraps an autocomplete provider so `@` file suggestions come from the project as git sees it:
 * every `.gitignore` (nested ones relative to their directory), `.git/info/exclude`, never `.git`
 * (see project-file-index.ts). The tree is read lazily, on the first `@`, in the background;
 * commands and Tab paths pass through to `inner`.
 */
export class GitignoreAwareAutocomplete implements AutocompleteProvider {
	private readonly index: ProjectFileIndex;
	private lastQueryWasFile = false;
	private waitingForEntries = false;

	constructor(
		private readonly inner: AutocompleteProvider,
		cwd: string,
		private readonly options: GitignoreAwareAutocompleteOptions = {},
	) {
		this.index = new ProjectFileIndex(cwd, { ...options, onUpdate: () => this.indexUpdated() });
	}

	/** The index behind the `@` suggestions (tests wait on `idle()`). */
	get fileIndex(): ProjectFileIndex {
		return this.index;
	}

	getSuggestions(
		lines: readonly string[],
		cursorLine: number,
		cursorCol: number,
		options?: { force?: boolean },
	): AutocompleteSuggestions | null {
		const reference = FILE_REFERENCE.exec((lines[cursorLine] ?? "").slice(0, cursorCol))?.[1];
		const wasFile = this.lastQueryWasFile;
		this.lastQueryWasFile = reference !== undefined;
		this.waitingForEntries = false;
		if (reference === undefined) return this.inner.getSuggestions(lines, cursorLine, cursorCol, options);
		const query = reference.slice(1).replace(/^"/, "");
		// A fresh "@" reads the tree again (when the last walk is stale); refinements reuse it.
		if (!wasFile || query.length === 0) this.index.refresh();
		const items = this.index.search(query, MAX_FILE_SUGGESTIONS);
		if (items.length > 0) return { items, prefix: reference };
		// More files may still turn up: open the list when they do.
		this.waitingForEntries = this.index.walking;
		return null;
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

	private indexUpdated(): void {
		if (!this.lastQueryWasFile) return;
		this.options.onUpdate?.({ openIfClosed: this.waitingForEntries });
	}
}

import { type AutocompleteItem, rankFiles, searchFiles, type WalkedEntry } from "@pi/tui";
import { walkTree } from "../../core/tools/gitignore-walker.js";

/**
 * The files the editor's `@` search offers: the project walked in the background with the
 * gitignore walker the `find`/`grep` tools use (nested `.gitignore` files, `.git/info/exclude`),
 * breadth first so a capped walk keeps the shallow files. Searches answer at once from what is
 * indexed so far; `onUpdate` says when more arrived.
 */

/** Never listed nor entered, whatever the ignore files say. */
export const FILE_SEARCH_SKIP_NAMES: ReadonlySet<string> = new Set([".git", ".hg", ".svn", "node_modules"]);

/** A walk stops after this many entries. */
export const MAX_INDEXED_ENTRIES = 100_000;

/** How long a finished walk is reused before a fresh `@` reads the tree again, in milliseconds. */
export const FILE_INDEX_TTL_MS = 5_000;

/** While the first walk runs, `onUpdate` fires this soon (the shallow files are in by then)… */
const FIRST_UPDATE_MS = 20;
/** …then at most this often, and once at its end. */
const UPDATE_INTERVAL_MS = 100;

export interface ProjectFileIndexOptions {
	/** Default {@link MAX_INDEXED_ENTRIES}. */
	maxEntries?: number;
	/** Default {@link FILE_INDEX_TTL_MS}. */
	ttlMs?: number;
	/** Called when the entries changed (more found, or a new walk replaced them). */
	onUpdate?: () => void;
	now?: () => number;
}

/** The last search's matches, narrowed further while the query only grows. */
interface SearchCache {
	query: string;
	generation: number;
	/** How many entries had been indexed when `matches` was computed. */
	scanned: number;
	matches: readonly WalkedEntry[];
}

export class ProjectFileIndex {
	private entries: WalkedEntry[] = [];
	/** Bumped whenever `entries` is replaced (appending keeps it). */
	private generation = 0;
	private walk: Promise<void> | undefined;
	private walkedAt: number | undefined;
	private cache: SearchCache | undefined;
	private capped = false;
	private readonly now: () => number;

	constructor(
		private readonly root: string,
		private readonly options: ProjectFileIndexOptions = {},
	) {
		this.now = options.now ?? (() => performance.now());
	}

	/** Starts a walk in the background, unless one is running or the last one is still fresh. */
	refresh(): void {
		if (this.walk) return;
		const ttl = this.options.ttlMs ?? FILE_INDEX_TTL_MS;
		if (this.walkedAt !== undefined && this.now() - this.walkedAt < ttl) return;
		this.walk = this.runWalk().finally(() => {
			this.walk = undefined;
		});
	}

	/** True while a walk runs. */
	get walking(): boolean {
		return this.walk !== undefined;
	}

	/** True when the last finished walk stopped at the entry limit. */
	get truncated(): boolean {
		return this.capped;
	}

	/** How many entries are indexed. */
	get size(): number {
		return this.entries.length;
	}

	/** Resolves once no walk is running. */
	async idle(): Promise<void> {
		await this.walk;
	}

	/** The best `limit` entries for `query` as `@` completions (empty query: shallowest first). */
	search(query: string, limit: number): AutocompleteItem[] {
		if (query.length === 0) return searchFiles(this.entries, "", limit);
		const cache = this.cache;
		let candidates: readonly WalkedEntry[] = this.entries;
		if (cache && cache.generation === this.generation && query.startsWith(cache.query)) {
			// Whatever matches the longer query matched the shorter one: only those, and the entries
			// indexed since, can match now.
			const added = this.entries.slice(cache.scanned);
			candidates = added.length > 0 ? [...cache.matches, ...added] : cache.matches;
		}
		const { items, matches } = rankFiles(candidates, query, limit);
		this.cache = { query, generation: this.generation, scanned: this.entries.length, matches };
		return items;
	}

	private async runWalk(): Promise<void> {
		// The first walk fills the live list, so searches see it grow; later ones swap in when done.
		const growing = this.walkedAt === undefined;
		const next: WalkedEntry[] = growing ? this.entries : [];
		const maxEntries = this.options.maxEntries ?? MAX_INDEXED_ENTRIES;
		let capped = false;
		let nextUpdate = this.now() + FIRST_UPDATE_MS;
		try {
			for await (const entry of walkTree(this.root, {
				order: "breadth-first",
				followSymlinks: false,
				skipNames: FILE_SEARCH_SKIP_NAMES,
			})) {
				if (next.length >= maxEntries) {
					capped = true;
					break;
				}
				const { relativePath, isDirectory } = entry;
				next.push({
					path: isDirectory ? `${relativePath}/` : relativePath,
					isDirectory,
					lowerPath: relativePath.toLowerCase(),
				});
				if (growing && this.now() >= nextUpdate) {
					nextUpdate = this.now() + UPDATE_INTERVAL_MS;
					this.options.onUpdate?.();
				}
			}
		} catch {
			// The project directory vanished or became unreadable: what was found stands.
		}
		if (!growing) {
			this.entries = next;
			this.generation++;
		}
		this.capped = capped;
		this.walkedAt = this.now();
		this.options.onUpdate?.();
	}
}

import { existsSync, type FSWatcher, readFileSync, statSync, watch } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** The HEAD file of the repository (or worktree) holding `cwd`, if any. */
export function findGitHead(cwd: string): string | undefined {
	let dir = resolve(cwd);
	for (;;) {
		const dotGit = join(dir, ".git");
		if (existsSync(dotGit)) {
			try {
				if (statSync(dotGit).isDirectory()) return join(dotGit, "HEAD");
				// A worktree or submodule: `.git` is a file naming the real git directory.
				const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"));
				if (!match?.[1]) return undefined;
				const gitDir = match[1].trim();
				return join(isAbsolute(gitDir) ? gitDir : resolve(dir, gitDir), "HEAD");
			} catch {
				return undefined;
			}
		}
		const parent = dirname(dir);
		if (parent === dir) return undefined;
		dir = parent;
	}
}

/** The branch HEAD names, the short commit when detached, undefined when unreadable. */
export function readGitBranch(headPath: string): string | undefined {
	try {
		const head = readFileSync(headPath, "utf8").trim();
		const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
		if (ref?.[1]) return ref[1];
		if (/^[0-9a-f]{7,}$/i.test(head)) return `detached ${head.slice(0, 7)}`;
		return undefined;
	} catch {
		return undefined;
	}
}

/**
 * The git branch of the working directory for the footer, kept current: the HEAD file's folder is
 * watched (git replaces HEAD by renaming a lock file over it), and `refresh()` re-reads it too for
 * file systems where watching does not work.
 */
export class GitBranchWatcher {
	private headPath: string | undefined;
	private current: string | undefined;
	private watcher: FSWatcher | undefined;

	constructor(
		private readonly cwd: string,
		private readonly onChange: () => void,
	) {
		this.locate();
	}

	get branch(): string | undefined {
		return this.current;
	}

	/** Re-reads HEAD (finding the repository again if it appeared or went); true when the branch changed. */
	refresh(): boolean {
		if (!this.headPath || !existsSync(this.headPath)) this.locate();
		const next = this.headPath ? readGitBranch(this.headPath) : undefined;
		if (next === this.current) return false;
		this.current = next;
		return true;
	}

	private locate(): void {
		const headPath = findGitHead(this.cwd);
		if (headPath === this.headPath) return;
		this.headPath = headPath;
		this.current = headPath ? readGitBranch(headPath) : undefined;
		this.watcher?.close();
		this.watcher = undefined;
		if (!headPath) return;
		try {
			this.watcher = watch(dirname(headPath), { persistent: false }, (_event, file) => {
				if (file !== null && file !== "HEAD") return;
				if (this.refresh()) this.onChange();
			});
			this.watcher.on("error", () => {
				this.watcher?.close();
				this.watcher = undefined;
			});
		} catch {
			this.watcher = undefined;
		}
	}

	dispose(): void {
		this.watcher?.close();
		this.watcher = undefined;
	}
}

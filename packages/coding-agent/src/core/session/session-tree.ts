import type { LabelEntry, SessionEntry, SessionTreeNode } from "./session-types.js";

/**
 * An index over the entries of one session: lookup by id, children in append order, labels.
 * Entries are only ever added (the file is append-only).
 */
export class SessionTreeIndex {
	private readonly byId = new Map<string, SessionEntry>();
	private readonly children = new Map<string | null, SessionEntry[]>();
	private readonly labels = new Map<string, { label: string; timestamp: string }>();
	private readonly ordered: SessionEntry[] = [];

	constructor(entries: readonly SessionEntry[] = []) {
		for (const entry of entries) this.add(entry);
	}

	add(entry: SessionEntry): void {
		this.ordered.push(entry);
		this.byId.set(entry.id, entry);
		const siblings = this.children.get(entry.parentId) ?? [];
		siblings.push(entry);
		this.children.set(entry.parentId, siblings);
		if (entry.type === "label") this.applyLabel(entry);
	}

	private applyLabel(entry: LabelEntry): void {
		if (entry.label) this.labels.set(entry.targetId, { label: entry.label, timestamp: entry.timestamp });
		else this.labels.delete(entry.targetId);
	}

	has(id: string): boolean {
		return this.byId.has(id);
	}

	get(id: string): SessionEntry | undefined {
		return this.byId.get(id);
	}

	/** All entries in append order. */
	all(): readonly SessionEntry[] {
		return this.ordered;
	}

	childrenOf(id: string): SessionEntry[] {
		return [...(this.children.get(id) ?? [])];
	}

	label(id: string): string | undefined {
		return this.labels.get(id)?.label;
	}

	labelled(): ReadonlyMap<string, { label: string; timestamp: string }> {
		return this.labels;
	}

	/** The path from `fromId` to the root, root-first; stops early at a missing parent. */
	branch(fromId: string | null): SessionEntry[] {
		const path: SessionEntry[] = [];
		const seen = new Set<string>();
		let current = fromId === null ? undefined : this.byId.get(fromId);
		while (current && !seen.has(current.id)) {
			seen.add(current.id);
			path.push(current);
			current = current.parentId === null ? undefined : this.byId.get(current.parentId);
		}
		return path.reverse();
	}

	/** Roots (entries whose parent is null or missing) with their subtrees, in append order. */
	tree(): SessionTreeNode[] {
		const nodes = new Map<string, SessionTreeNode>();
		for (const entry of this.ordered) {
			const label = this.labels.get(entry.id);
			const node: SessionTreeNode = { entry, children: [] };
			if (label) {
				node.label = label.label;
				node.labelTimestamp = label.timestamp;
			}
			nodes.set(entry.id, node);
		}
		const roots: SessionTreeNode[] = [];
		for (const entry of this.ordered) {
			const node = nodes.get(entry.id)!;
			const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
			if (parent && parent !== node) parent.children.push(node);
			else roots.push(node);
		}
		return roots;
	}
}

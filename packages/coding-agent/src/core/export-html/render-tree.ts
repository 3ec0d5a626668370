import type { SessionTreeNode } from "../session/session-types.js";
import { previewEntry } from "./entry-preview.js";
import { formatTimestamp } from "./format-values.js";
import { escapeHtml } from "./html-escape.js";
import { entryElementId } from "./render-entry.js";

/** What the outline needs beyond the tree itself. */
export interface TreeRenderContext {
	/** Ids on the active branch (root → leaf). */
	activeIds: ReadonlySet<string>;
	/** Ids that have an element in the transcript, so their rows can link to it. */
	linkableIds: ReadonlySet<string>;
	leafId: string | null;
}

function countEntries(root: SessionTreeNode): number {
	let count = 0;
	const stack = [root];
	for (let node = stack.pop(); node; node = stack.pop()) {
		count++;
		stack.push(...node.children);
	}
	return count;
}

function renderRow(node: SessionTreeNode, context: TreeRenderContext): string {
	const id = node.entry.id;
	const preview = previewEntry(node.entry);
	const classes = [
		"tree-node",
		context.activeIds.has(id) ? "on-path" : "off-path",
		...(id === context.leafId ? ["leaf"] : []),
	];
	const label = node.label ? ` <span class="badge badge-label">${escapeHtml(node.label)}</span>` : "";
	const leaf = id === context.leafId ? ' <span class="badge badge-leaf">current</span>' : "";
	const text = `<span class="tree-kind">${escapeHtml(preview.kind)}</span> <span class="tree-text">${escapeHtml(preview.text)}</span>`;
	const body = context.linkableIds.has(id)
		? `<a href="#${escapeHtml(encodeURIComponent(entryElementId(id)))}">${text}</a>`
		: text;
	const title = `${id} · ${formatTimestamp(node.entry.timestamp)}`;
	return `<li class="${classes.join(" ")}" title="${escapeHtml(title)}">${body}${label}${leaf}</li>`;
}

function renderFork(children: readonly SessionTreeNode[], context: TreeRenderContext): string {
	const branches = children.map((child, index) => {
		const active = context.activeIds.has(child.entry.id);
		const entries = countEntries(child);
		const summary = `${active ? "Active branch" : "Abandoned branch"} ${index + 1} of ${children.length} · ${entries} ${entries === 1 ? "entry" : "entries"}`;
		const state = active ? "branch-active" : "branch-abandoned";
		return `<li class="tree-branch ${state}"><details open><summary>${escapeHtml(summary)}</summary>${renderChain(child, context)}</details></li>`;
	});
	return `<li class="tree-fork"><ul class="tree-branches">${branches.join("")}</ul></li>`;
}

// Walks single-child chains iteratively (sessions are long and mostly linear) and only recurses
// where the tree forks, which also keeps the outline's indentation to the branch points.
function renderChain(start: SessionTreeNode, context: TreeRenderContext): string {
	const rows: string[] = [];
	let current: SessionTreeNode | undefined = start;
	while (current) {
		rows.push(renderRow(current, context));
		const children: SessionTreeNode[] = current.children;
		if (children.length > 1) rows.push(renderFork(children, context));
		current = children.length === 1 ? children[0] : undefined;
	}
	return `<ul class="tree-chain">${rows.join("")}</ul>`;
}

/**
 * Renders every branch of the session tree as a nested, collapsible outline: one row per entry
 * (kind, first line, label, `current` on the leaf), a `<details>` per branch at each fork, the
 * active path highlighted and linked to the transcript. Extra roots (orphans) are listed after.
 */
export function renderTree(roots: readonly SessionTreeNode[], context: TreeRenderContext): string {
	if (roots.length === 0) return '<p class="muted">No entries.</p>';
	if (roots.length === 1 && roots[0]) return renderChain(roots[0], context);
	return renderFork(roots, context);
}

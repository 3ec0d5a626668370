/**
 * Ordered, unordered and task lists with hanging indentation: wrapped and nested content lines
 * up under the item's text, not under its bullet.
 */
import type { Token, Tokens } from "marked";
import { visibleWidth } from "../text-width.js";
import type { MarkdownTheme } from "./markdown-theme.js";

/** What a list needs from the block renderer (its items hold blocks); declared here to keep the import graph acyclic. */
export interface ListItemRenderer {
	readonly theme: MarkdownTheme;
	renderSequence(tokens: readonly Token[], width: number, depth: number, loose: boolean): string[];
}

/** Bullets by nesting depth (the last repeats). */
const BULLETS = ["•", "◦", "▪"];
const TASK_OPEN = "☐";
const TASK_DONE = "☑";

/** Renders a list at nesting `depth` (0 = top level) to lines of at most `width` cells. */
export function renderList(list: Tokens.List, width: number, depth: number, renderer: ListItemRenderer): string[] {
	const markers = list.items.map((item, index) => markerText(list, item, index, depth));
	const markerWidth = Math.max(...markers.map((marker) => visibleWidth(marker))) + 1;
	const lines: string[] = [];
	list.items.forEach((item, index) => {
		if (index > 0 && list.loose) lines.push("");
		const marker = markers[index] ?? "";
		const styledMarker = styleMarker(marker, item, renderer);
		const contentWidth = Math.max(1, width - markerWidth);
		const content = renderer.renderSequence(item.tokens, contentWidth, depth + 1, item.loose);
		const hanging = " ".repeat(markerWidth);
		const first = content[0] ?? "";
		lines.push(styledMarker + " ".repeat(markerWidth - visibleWidth(marker)) + first);
		for (const line of content.slice(1)) lines.push(line.length > 0 ? hanging + line : "");
	});
	return lines;
}

function markerText(list: Tokens.List, item: Tokens.ListItem, index: number, depth: number): string {
	const task = item.task ? (item.checked ? TASK_DONE : TASK_OPEN) : undefined;
	if (list.ordered) {
		const start = typeof list.start === "number" ? list.start : 1;
		const number = `${start + index}.`;
		return task ? `${number} ${task}` : number;
	}
	return task ?? BULLETS[Math.min(depth, BULLETS.length - 1)] ?? "•";
}

function styleMarker(marker: string, item: Tokens.ListItem, renderer: ListItemRenderer): string {
	const theme = renderer.theme;
	if (!item.task) return theme.listBullet(marker);
	const box = marker.slice(-1);
	const prefix = marker.slice(0, -1);
	return (prefix ? theme.listBullet(prefix) : "") + theme.taskBox(box, item.checked === true);
}

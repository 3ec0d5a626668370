import { SGR_RESET } from "./ansi.js";
import type { Component } from "./component.js";
import { CURSOR_MARKER } from "./cursor-marker.js";
import { padToWidth, sliceByColumn, visibleWidth } from "./text-width.js";

/** Where an overlay sits on the screen. */
export type OverlayAnchor =
	| "center"
	| "top"
	| "bottom"
	| "left"
	| "right"
	| "top-left"
	| "top-right"
	| "bottom-left"
	| "bottom-right";

/** A size in cells, or a percentage of the screen such as `"50%"`. */
export type OverlaySize = number | `${number}%`;

/** Placement of an overlay shown with `TUI.showOverlay`. */
export interface OverlayOptions {
	/** Default: "center". */
	anchor?: OverlayAnchor;
	/** Width the overlay renders at. Default: min(80, available width). */
	width?: OverlaySize;
	/** Rows beyond this are cut off. Default: the available height. */
	maxHeight?: OverlaySize;
	/** Cells kept free between the overlay and the screen edges. Default: 0. */
	margin?: number | { top?: number; right?: number; bottom?: number; left?: number };
	/** Whether the overlay takes focus when shown. Default: true. */
	focus?: boolean;
}

/** Returned by `TUI.showOverlay`. */
export interface OverlayHandle {
	/** Removes the overlay (focus returns to what had it before). Idempotent. */
	hide(): void;
	/** True once hidden. */
	readonly hidden: boolean;
}

/** An overlay as the TUI tracks it. */
export interface OverlayEntry {
	component: Component;
	options: OverlayOptions;
}

function resolveSize(size: OverlaySize | undefined, total: number, fallback: number): number {
	if (size === undefined) return fallback;
	if (typeof size === "number") return Math.floor(size);
	return Math.floor((total * Number.parseFloat(size)) / 100);
}

function clamp(value: number, min: number, max: number): number {
	return Math.max(min, Math.min(max, value));
}

/** The top-left cell and the rendered lines of an overlay on a `width` × `rows` screen. */
export function layoutOverlay(
	entry: OverlayEntry,
	width: number,
	rows: number,
): { row: number; column: number; width: number; lines: string[] } {
	const margin = entry.options.margin;
	const all = typeof margin === "number" ? margin : 0;
	const sides = typeof margin === "object" ? margin : {};
	const top = sides.top ?? all;
	const right = sides.right ?? all;
	const bottom = sides.bottom ?? all;
	const left = sides.left ?? all;
	const availableWidth = Math.max(1, width - left - right);
	const availableHeight = Math.max(1, rows - top - bottom);
	const overlayWidth = clamp(resolveSize(entry.options.width, width, Math.min(80, availableWidth)), 1, availableWidth);
	const maxHeight = clamp(resolveSize(entry.options.maxHeight, rows, availableHeight), 1, availableHeight);
	const lines = entry.component.render(overlayWidth).slice(0, maxHeight);
	const anchor = entry.options.anchor ?? "center";
	const vertical = anchor.startsWith("top") ? "top" : anchor.startsWith("bottom") ? "bottom" : "middle";
	const horizontal = anchor.endsWith("left") ? "left" : anchor.endsWith("right") ? "right" : "middle";
	const row =
		vertical === "top"
			? top
			: vertical === "bottom"
				? top + availableHeight - lines.length
				: top + Math.floor((availableHeight - lines.length) / 2);
	const column =
		horizontal === "left"
			? left
			: horizontal === "right"
				? left + availableWidth - overlayWidth
				: left + Math.floor((availableWidth - overlayWidth) / 2);
	return { row, column, width: overlayWidth, lines };
}

/**
 * Draws `overlayLine` over `baseLine` at `column`, keeping the base's styles on both sides.
 * A cursor marker in the base survives where it stays visible (left or right of the overlay).
 */
export function compositeLine(
	baseLine: string,
	overlayLine: string,
	column: number,
	overlayWidth: number,
	width: number,
): string {
	const end = column + overlayWidth;
	const before = padToWidth(sliceByColumn(baseLine, 0, column), column);
	let after = sliceByColumn(baseLine, end, Math.max(0, width - end));
	const markerIndex = baseLine.indexOf(CURSOR_MARKER);
	// The slice after the overlay carries every escape before it, so drop a marker that is not
	// really to the right of the overlay (it is already in `before`, or hidden under the overlay).
	if (markerIndex !== -1 && visibleWidth(baseLine.slice(0, markerIndex)) < end) {
		after = after.replaceAll(CURSOR_MARKER, "");
	}
	return `${before}${SGR_RESET}${padToWidth(overlayLine, overlayWidth)}${SGR_RESET}${after}`;
}

/**
 * Draws the overlays (first shown at the bottom) over the visible part of `lines`, the last
 * `rows` lines. Content shorter than the screen is padded with empty lines so overlays can
 * sit anywhere on it.
 */
export function compositeOverlays(lines: string[], overlays: OverlayEntry[], width: number, rows: number): string[] {
	if (overlays.length === 0) return lines;
	const result = [...lines];
	while (result.length < rows) result.push("");
	const viewportTop = result.length - rows;
	for (const entry of overlays) {
		const layout = layoutOverlay(entry, width, rows);
		layout.lines.forEach((overlayLine, index) => {
			const target = viewportTop + layout.row + index;
			result[target] = compositeLine(result[target] ?? "", overlayLine, layout.column, layout.width, width);
		});
	}
	return result;
}

import { type Component, truncateToWidth } from "@pi/tui";

/** Lines produced on demand (widgets, the pending queue, headers); each cut to the width. */
export class LinesComponent implements Component {
	private cache: { width: number; lines: string[] } | undefined;

	constructor(private source: string[] | ((width: number) => string[]) = []) {}

	set(source: string[] | ((width: number) => string[])): void {
		this.source = source;
		this.cache = undefined;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	/** Fixed lines are cut once per width; a factory is asked on every render. */
	render(width: number): string[] {
		if (typeof this.source === "function") return this.source(width).map((line) => truncateToWidth(line, width));
		if (this.cache?.width === width) return this.cache.lines;
		const lines = this.source.map((line) => truncateToWidth(line, width));
		this.cache = { width, lines };
		return lines;
	}
}

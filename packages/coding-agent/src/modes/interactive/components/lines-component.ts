import { type Component, truncateToWidth } from "@pi/tui";

/** Lines produced on demand (widgets, the pending queue, headers); each cut to the width. */
export class LinesComponent implements Component {
	constructor(private source: string[] | ((width: number) => string[]) = []) {}

	set(source: string[] | ((width: number) => string[])): void {
		this.source = source;
	}

	invalidate(): void {}

	render(width: number): string[] {
		const lines = typeof this.source === "function" ? this.source(width) : this.source;
		return lines.map((line) => truncateToWidth(line, width));
	}
}

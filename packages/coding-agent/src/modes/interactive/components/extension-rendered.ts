import type { Component } from "@pi/tui";

/**
 * A transcript row drawn by an extension (a custom message's or a custom entry's renderer). The
 * renderer is asked again when tool output is expanded or collapsed (Ctrl+O), since renderers
 * draw more when `expanded`; a blank line separates the row from the one above, as for the
 * host's own rows.
 */
export class ExtensionRenderedComponent implements Component {
	private component: Component | undefined;

	/** `render(expanded)` gives the extension's component; undefined draws nothing. */
	constructor(
		private readonly renderWith: (expanded: boolean) => Component | undefined,
		private expanded: boolean,
	) {
		this.component = renderWith(expanded);
	}

	/** True when the renderer drew something (a renderer may decline by returning undefined). */
	get hasContent(): boolean {
		return this.component !== undefined;
	}

	setExpanded(expanded: boolean): void {
		if (this.expanded === expanded) return;
		this.expanded = expanded;
		this.component = this.renderWith(expanded);
	}

	invalidate(): void {
		this.component?.invalidate?.();
	}

	render(width: number): string[] {
		if (!this.component) return [];
		return ["", ...this.component.render(width)];
	}

	handleInput(data: string): void {
		this.component?.handleInput?.(data);
	}
}

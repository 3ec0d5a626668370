/**
 * A node in the TUI's component tree.
 *
 * A component renders its current state to lines for a given width and never writes to the
 * terminal itself. Each returned line must fit in `width` terminal cells (the renderer
 * truncates lines that do not, but a component should not rely on that).
 */
export interface Component {
	/** Renders the component to lines, each at most `width` cells wide. */
	render(width: number): string[];
	/** Handles raw input (one complete key sequence or paste) while the component is focused. */
	handleInput?(data: string): void;
	/** Drops any cached render output, e.g. after a theme change. */
	invalidate(): void;
}

/**
 * A component that wants to know whether it has focus, e.g. to show a cursor.
 * The TUI sets `focused` when focus moves to or away from it.
 */
export interface Focusable {
	/** True while the component has keyboard focus. */
	focused: boolean;
}

/** True when `component` implements {@link Focusable}. */
export function isFocusable(component: Component | null | undefined): component is Component & Focusable {
	return component !== null && component !== undefined && "focused" in component;
}

/** A component that stacks its children vertically, in order. */
export class Container implements Component {
	/** The children, rendered top to bottom. */
	children: Component[] = [];

	/** Appends `component` as the last child. */
	addChild(component: Component): void {
		this.children.push(component);
	}

	/** Removes `component` if it is a child; does nothing otherwise. */
	removeChild(component: Component): void {
		const index = this.children.indexOf(component);
		if (index !== -1) this.children.splice(index, 1);
	}

	/** Removes all children. */
	clear(): void {
		this.children = [];
	}

	/** Invalidates every child. */
	invalidate(): void {
		for (const child of this.children) child.invalidate();
	}

	/** Concatenates the children's lines. */
	render(width: number): string[] {
		const lines: string[] = [];
		for (const child of this.children) {
			for (const line of child.render(width)) lines.push(line);
		}
		return lines;
	}
}

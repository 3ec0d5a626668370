import type { Component } from "../component.js";

/** A fixed number of empty lines. */
export class Spacer implements Component {
	constructor(
		/** How many empty lines to render. Default: 1. */
		public lines = 1,
	) {}

	invalidate(): void {}

	render(): string[] {
		return Array.from({ length: Math.max(0, this.lines) }, () => "");
	}
}

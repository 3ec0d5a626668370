import { type Component, Container } from "@pi/tui";

/**
 * The chat's container. Children return their cached line arrays while unchanged, so the
 * lines of the leading run of unchanged children are kept joined from the last frame and only
 * the rest (usually the streaming reply) is appended: a long transcript costs one array copy
 * per frame instead of a push per line.
 */
export class TranscriptContainer extends Container {
	private previous: { width: number; parts: string[][]; prefixCount: number; prefix: string[] } | undefined;

	override render(width: number): string[] {
		const parts = this.children.map((child) => child.render(width));
		const previous = this.previous;
		let same = 0;
		if (previous && previous.width === width) {
			const limit = Math.min(parts.length, previous.parts.length);
			while (same < limit && parts[same] === previous.parts[same]) same++;
		}
		// Keep all but the last child in the cached prefix: the last one is the likeliest to change.
		const prefixCount = Math.max(0, parts.length - 1);
		let prefix: string[];
		if (previous && previous.width === width && same >= previous.prefixCount && previous.prefixCount <= prefixCount) {
			prefix = previous.prefix;
			for (let index = previous.prefixCount; index < prefixCount; index++) prefix = prefix.concat(parts[index] ?? []);
		} else {
			prefix = ([] as string[]).concat(...parts.slice(0, prefixCount));
		}
		this.previous = { width, parts, prefixCount, prefix };
		return prefixCount < parts.length ? prefix.concat(parts[prefixCount] ?? []) : prefix;
	}

	/** The first line of each child `matches` accepts, in the lines of the last render. */
	startLinesOf(matches: (child: Component) => boolean): number[] {
		const parts = this.previous?.parts;
		if (!parts) return [];
		const starts: number[] = [];
		let line = 0;
		this.children.forEach((child, index) => {
			if (matches(child)) starts.push(line);
			line += parts[index]?.length ?? 0;
		});
		return starts;
	}
}

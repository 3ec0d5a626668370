import { vi } from "vitest";
import type { Component } from "../../src/component.js";
import { TUI } from "../../src/tui.js";
import { VirtualTerminal, type VirtualTerminalOptions } from "../../src/virtual-terminal.js";

/** A TUI on a virtual terminal with a manual render queue. */
export interface Harness {
	terminal: VirtualTerminal;
	tui: TUI;
	/** Runs pending renders and waits for the emulator; returns the bytes written meanwhile. */
	settle(): Promise<string>;
	/** The visible screen rows, right-trimmed. */
	screen(): string[];
}

/** Starts a TUI on a `columns` × `rows` virtual terminal. */
export function createHarness(columns = 40, rows = 10, options: VirtualTerminalOptions = {}): Harness {
	const terminal = new VirtualTerminal(columns, rows, options);
	const queue: Array<() => void> = [];
	const tui = new TUI(terminal, { scheduleRender: (callback) => queue.push(callback) });
	tui.start();
	return {
		terminal,
		tui,
		async settle() {
			while (queue.length > 0) queue.shift()?.();
			await flushTerminal(terminal);
			return terminal.takeWrites();
		},
		screen: () => terminal.getViewport(),
	};
}

/** A component whose lines are set directly. */
export class StaticLines implements Component {
	constructor(public lines: string[] = []) {}

	render(): string[] {
		return this.lines;
	}

	invalidate(): void {}
}

/**
 * Waits until the emulator has parsed every write. xterm schedules parsing with setTimeout,
 * so under fake timers the zero-delay timers are run (nothing later, e.g. no escape timeout).
 */
export async function flushTerminal(terminal: VirtualTerminal): Promise<void> {
	let done = false;
	const flushed = terminal.flush().then(() => {
		done = true;
	});
	while (!done && vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
	await flushed;
}

/** Renders `component` alone into a fresh virtual terminal and returns the harness. */
export async function renderAlone(component: Component, columns = 40, rows = 10): Promise<Harness> {
	const harness = createHarness(columns, rows);
	harness.tui.addChild(component);
	harness.tui.requestRender();
	await harness.settle();
	return harness;
}

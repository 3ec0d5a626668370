import { type Component, TUI } from "@pi/tui";
import { VirtualTerminal } from "@pi/tui/testing";

/** Renders `component` alone into a fresh virtual terminal and returns the terminal. */
export async function renderAlone(component: Component, columns = 60, rows = 20): Promise<VirtualTerminal> {
	const terminal = new VirtualTerminal(columns, rows);
	const tui = new TUI(terminal, { scheduleRender: () => undefined });
	tui.addChild(component);
	tui.start();
	tui.renderNow();
	await terminal.flush();
	tui.stop();
	await terminal.flush();
	return terminal;
}

/** Viewport row containing `text` (-1 when absent). */
export function rowWith(terminal: VirtualTerminal, text: string): number {
	return terminal.getViewport().findIndex((line) => line.includes(text));
}

/** The cell under the first occurrence of `text`. */
export function cellAt(terminal: VirtualTerminal, text: string): ReturnType<VirtualTerminal["getCell"]> {
	const row = rowWith(terminal, text);
	if (row < 0) throw new Error(`"${text}" not on screen:\n${terminal.getViewport().join("\n")}`);
	return terminal.getCell(row, terminal.getViewport()[row]!.indexOf(text));
}

export const palette = (index: number) => ({ mode: "palette", index });

import { describe, expect, it } from "vitest";
import { isMouseReport, MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON, parseMouseReport } from "../src/mouse.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";

describe("SGR mouse reports", () => {
	it("decodes wheel turns with their modifiers and position", () => {
		expect(parseMouseReport("\x1b[<64;10;5M")).toMatchObject({ kind: "wheelUp", column: 10, row: 5, alt: false });
		expect(parseMouseReport("\x1b[<65;1;2M")).toMatchObject({ kind: "wheelDown", column: 1, row: 2 });
		expect(parseMouseReport("\x1b[<72;1;1M")).toMatchObject({ kind: "wheelUp", alt: true });
	});

	it("decodes presses and releases", () => {
		expect(parseMouseReport("\x1b[<0;3;4M")).toMatchObject({ kind: "press", button: 0, column: 3, row: 4 });
		expect(parseMouseReport("\x1b[<2;3;4m")).toMatchObject({ kind: "release", button: 2 });
		expect(parseMouseReport("\x1b[<4;3;4M")).toMatchObject({ kind: "press", shift: true });
	});

	it("ignores everything else", () => {
		expect(parseMouseReport("\x1b[A")).toBeUndefined();
		expect(isMouseReport("a")).toBe(false);
		expect(isMouseReport("\x1b[<65;1;2M")).toBe(true);
	});
});

describe("TUI mouse reporting", () => {
	const log = new WeakMap<VirtualTerminal, string>();
	function written(terminal: VirtualTerminal): string {
		const all = (log.get(terminal) ?? "") + terminal.takeWrites();
		log.set(terminal, all);
		return all;
	}

	it("is on only while started on the alternate screen, and off again on stop", () => {
		const terminal = new VirtualTerminal(40, 10);
		const tui = new TUI(terminal, { alternateScreen: true, mouseReporting: true });
		tui.start();
		expect(written(terminal)).toContain(MOUSE_REPORTING_ON);
		expect(tui.mouseReportingActive).toBe(true);
		tui.stop();
		expect(written(terminal).lastIndexOf(MOUSE_REPORTING_OFF)).toBeGreaterThan(
			written(terminal).lastIndexOf(MOUSE_REPORTING_ON),
		);
		expect(tui.mouseReportingActive).toBe(false);
		tui.start();
		expect(tui.mouseReportingActive).toBe(true);
		tui.stop();
	});

	it("stays off on the main screen and follows a switch of screens", () => {
		const terminal = new VirtualTerminal(40, 10);
		const tui = new TUI(terminal, { mouseReporting: true });
		tui.start();
		expect(written(terminal)).not.toContain(MOUSE_REPORTING_ON);
		tui.setAlternateScreen(true);
		expect(tui.mouseReportingActive).toBe(true);
		tui.setAlternateScreen(false);
		expect(tui.mouseReportingActive).toBe(false);
		expect(written(terminal)).toContain(MOUSE_REPORTING_OFF);
		tui.stop();
	});
});

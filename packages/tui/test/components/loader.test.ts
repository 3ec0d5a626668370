import chalk from "chalk";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CancellableLoader } from "../../src/components/cancellable-loader.js";
import { Loader } from "../../src/components/loader.js";
import { createHarness } from "../support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

describe("Loader", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("animates the spinner on its interval and renders the message dim", async () => {
		const { tui, settle, terminal } = createHarness(30, 3);
		const loader = new Loader({
			requestRender: () => tui.requestRender(),
			message: "Thinking",
			frames: ["-", "\\", "|"],
		});
		tui.addChild(loader);
		loader.start();
		await settle();
		expect(terminal.getViewport()[0]).toBe("- Thinking");
		expect(terminal.getCell(0, 2)?.dim).toBe(true);
		expect(terminal.getCell(0, 0)?.fg).toEqual({ mode: "palette", index: 6 });
		vi.advanceTimersByTime(80);
		await settle();
		expect(terminal.getViewport()[0]).toBe("\\ Thinking");
		vi.advanceTimersByTime(160);
		await settle();
		expect(terminal.getViewport()[0]).toBe("- Thinking");
		loader.stop();
		vi.advanceTimersByTime(800);
		await settle();
		expect(terminal.getViewport()[0]).toBe("- Thinking");
		expect(loader.running).toBe(false);
	});

	it("draws no spinner for an empty frame list, and does not animate one frame", async () => {
		const { tui, settle, terminal } = createHarness(30, 3);
		let renders = 0;
		const loader = new Loader({
			requestRender: () => {
				renders++;
				tui.requestRender();
			},
			message: "Quiet",
			frames: [],
		});
		tui.addChild(loader);
		loader.start();
		await settle();
		expect(terminal.getViewport()[0]?.trimEnd()).toBe("Quiet");
		expect(loader.renderSpinner()).toBe("");
		const before = renders;
		vi.advanceTimersByTime(1000);
		expect(renders).toBe(before);
		expect(loader.running).toBe(false);
	});

	it("updates the message", async () => {
		const { tui, settle, terminal } = createHarness(30, 3);
		const loader = new Loader({ requestRender: () => tui.requestRender() });
		tui.addChild(loader);
		loader.setMessage("Compacting context");
		await settle();
		expect(terminal.getViewport()[0]).toBe("⠋ Compacting context");
	});
});

describe("CancellableLoader", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("shows a styled spinner and message, and keeps its last frame once cancelled", async () => {
		const { tui, settle, terminal } = createHarness(30, 3);
		const loader = new CancellableLoader({
			requestRender: () => tui.requestRender(),
			message: "Working (esc to cancel)",
			frames: ["a", "b"],
		});
		tui.addChild(loader);
		tui.setFocus(loader);
		loader.start();
		await settle();
		expect(terminal.getViewport()[0]).toBe("a Working (esc to cancel)");
		expect(terminal.getCell(0, 0)).toMatchObject({ char: "a", fg: { mode: "palette", index: 6 } });
		expect(terminal.getCell(0, 2)).toMatchObject({ char: "W", dim: true });
		vi.advanceTimersByTime(80);
		await settle();
		expect(terminal.getViewport()[0]).toBe("b Working (esc to cancel)");
		terminal.sendInput("\x1b[27u");
		vi.advanceTimersByTime(800);
		await settle();
		expect(loader.aborted).toBe(true);
		expect(terminal.getViewport()[0]).toBe("b Working (esc to cancel)");
	});

	it("aborts its signal once when Escape arrives through the terminal", async () => {
		const { tui, settle, terminal } = createHarness(30, 3);
		let aborts = 0;
		const loader = new CancellableLoader({
			requestRender: () => tui.requestRender(),
			message: "Working",
			onAbort: () => aborts++,
		});
		tui.addChild(loader);
		tui.setFocus(loader);
		loader.start();
		await settle();
		terminal.sendInput("x");
		expect(loader.aborted).toBe(false);
		terminal.sendInput("\x1b");
		// A lone ESC waits for the escape timeout before it is known to be the Escape key.
		expect(loader.aborted).toBe(false);
		vi.advanceTimersByTime(30);
		expect(loader.signal.aborted).toBe(true);
		expect(loader.running).toBe(false);
		terminal.sendInput("\x1b[27u");
		expect(aborts).toBe(1);
	});
});

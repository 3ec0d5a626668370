import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProcessTerminal, type TerminalInputStream, type TerminalOutputStream } from "../src/process-terminal.js";

class FakeInput extends EventEmitter implements TerminalInputStream {
	isRaw = false;
	paused = true;
	setRawMode(mode: boolean): void {
		this.isRaw = mode;
	}
	resume(): void {
		this.paused = false;
	}
	pause(): void {
		this.paused = true;
	}
	type(data: string): void {
		this.emit("data", data);
	}
}

class FakeOutput extends EventEmitter implements TerminalOutputStream {
	columns = 100;
	rows = 30;
	written = "";
	write(data: string): boolean {
		this.written += data;
		return true;
	}
}

function setup() {
	const stdin = new FakeInput();
	const stdout = new FakeOutput();
	const terminal = new ProcessTerminal({ stdin, stdout, kittyProbeTimeoutMs: 200 });
	const inputs: string[] = [];
	let resizes = 0;
	terminal.start(
		(data) => inputs.push(data),
		() => resizes++,
	);
	return { stdin, stdout, terminal, inputs, resizes: () => resizes };
}

describe("ProcessTerminal", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("enters raw mode, enables bracketed paste and probes for the kitty protocol", () => {
		const { stdin, stdout, terminal } = setup();
		expect(stdin.isRaw).toBe(true);
		expect(stdin.paused).toBe(false);
		expect(stdout.written).toBe("\x1b[?2004h\x1b[?u\x1b[c");
		expect(terminal.columns).toBe(100);
		expect(terminal.rows).toBe(30);
	});

	it("enables the kitty protocol when the terminal answers, swallowing the replies", () => {
		const { stdin, stdout, terminal, inputs } = setup();
		stdin.type("\x1b[?0");
		stdin.type("u\x1b[?62;22c");
		expect(terminal.kittyProtocolActive).toBe(true);
		expect(stdout.written.endsWith("\x1b[>1u")).toBe(true);
		expect(inputs).toEqual([]);
		stdin.type("\x1b[13;2u");
		expect(inputs).toEqual(["\x1b[13;2u"]);
		terminal.stop();
		expect(stdout.written.endsWith("\x1b[?2004l\x1b[?25h\x1b[<u")).toBe(true);
	});

	it("falls back to modifyOtherKeys when only device attributes come back", () => {
		const { stdin, stdout, terminal, inputs } = setup();
		stdin.type("\x1b[?1;2c");
		expect(terminal.kittyProtocolActive).toBe(false);
		expect(stdout.written.endsWith("\x1b[>4;1m")).toBe(true);
		expect(inputs).toEqual([]);
		terminal.stop();
		expect(stdout.written.endsWith("\x1b[>4;0m")).toBe(true);
	});

	it("falls back after the probe timeout when nothing answers", () => {
		const { stdout, terminal } = setup();
		vi.advanceTimersByTime(199);
		expect(stdout.written).not.toContain("\x1b[>4;1m");
		vi.advanceTimersByTime(1);
		expect(stdout.written.endsWith("\x1b[>4;1m")).toBe(true);
		expect(terminal.kittyProtocolActive).toBe(false);
	});

	it("delivers complete sequences and whole pastes", () => {
		const { stdin, inputs } = setup();
		stdin.type("a\x1b[");
		stdin.type("A\x1b[200~x\ry");
		stdin.type("\x1b[201~");
		expect(inputs).toEqual(["a", "\x1b[A", "\x1b[200~x\ry\x1b[201~"]);
	});

	it("reports resizes and sets the title", () => {
		const { stdout, terminal, resizes } = setup();
		stdout.emit("resize");
		expect(resizes()).toBe(1);
		terminal.setTitle("pi\x07 — project");
		expect(stdout.written.endsWith("\x1b]0;pi — project\x07")).toBe(true);
	});

	it("restores raw mode, listeners and the cursor on stop", () => {
		const { stdin, stdout, terminal, inputs } = setup();
		terminal.hideCursor();
		terminal.stop();
		expect(stdin.isRaw).toBe(false);
		expect(stdin.paused).toBe(true);
		expect(stdin.listenerCount("data")).toBe(0);
		expect(stdout.listenerCount("resize")).toBe(0);
		expect(stdout.written).toContain("\x1b[?25h");
		stdin.type("x");
		expect(inputs).toEqual([]);
		terminal.stop();
	});
});

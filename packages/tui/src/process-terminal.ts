import { wrapPaste } from "./paste.js";
import { StdinBuffer } from "./stdin-buffer.js";
import { type Terminal, TerminalSequences } from "./terminal.js";
import { systemTimers, type Timers } from "./timers.js";

/** The parts of `process.stdin` the terminal uses. */
export interface TerminalInputStream {
	isRaw?: boolean;
	setRawMode?(mode: boolean): unknown;
	on(event: "data", listener: (chunk: string | Uint8Array) => void): unknown;
	off(event: "data", listener: (chunk: string | Uint8Array) => void): unknown;
	resume(): unknown;
	pause(): unknown;
}

/** The parts of `process.stdout` the terminal uses. */
export interface TerminalOutputStream {
	columns?: number;
	rows?: number;
	write(data: string): unknown;
	on(event: "resize", listener: () => void): unknown;
	off(event: "resize", listener: () => void): unknown;
}

/** Options for {@link ProcessTerminal}. */
export interface ProcessTerminalOptions {
	/** Default: `process.stdin`. */
	stdin?: TerminalInputStream;
	/** Default: `process.stdout`. */
	stdout?: TerminalOutputStream;
	/** Timers for the escape and probe timeouts. Default: the global timers. */
	timers?: Timers;
	/** How long to wait for the kitty keyboard protocol reply, in ms. Default: 500. */
	kittyProbeTimeoutMs?: number;
	/** Wait for the rest of an escape sequence, in ms. Default: 30. */
	escapeTimeoutMs?: number;
}

/** `CSI ? flags u`: the kitty keyboard protocol's answer to the query. */
function isKittyReply(sequence: string): boolean {
	return sequence.startsWith("\x1b[?") && /^\d+u$/.test(sequence.slice(3));
}

/** `CSI ? … c`: the primary device attributes answer. */
function isDeviceAttributesReply(sequence: string): boolean {
	return sequence.startsWith("\x1b[?") && /^[\d;]*c$/.test(sequence.slice(3));
}

/**
 * The real terminal on process.stdin/stdout.
 *
 * On start: raw mode, bracketed paste, and a kitty keyboard protocol probe (`CSI ? u`
 * followed by a device-attributes query). A kitty reply enables the protocol with
 * `CSI > 1 u` (disambiguate); if the device-attributes reply comes first, or nothing comes
 * within the probe timeout, the terminal falls back to legacy keys plus xterm
 * modifyOtherKeys. Probe replies are never passed on as input. `stop` undoes all of it.
 */
export class ProcessTerminal implements Terminal {
	private readonly stdin: TerminalInputStream;
	private readonly stdout: TerminalOutputStream;
	private readonly timers: Timers;
	private readonly kittyProbeTimeoutMs: number;
	private readonly escapeTimeoutMs: number;
	private running = false;
	private wasRaw = false;
	private kittyActive = false;
	private modifyOtherKeysActive = false;
	private probePending = false;
	private probeTimer: unknown;
	private buffer: StdinBuffer | undefined;
	private dataListener: ((chunk: string | Uint8Array) => void) | undefined;
	private resizeListener: (() => void) | undefined;

	constructor(options: ProcessTerminalOptions = {}) {
		this.stdin = options.stdin ?? process.stdin;
		this.stdout = options.stdout ?? process.stdout;
		this.timers = options.timers ?? systemTimers;
		this.kittyProbeTimeoutMs = options.kittyProbeTimeoutMs ?? 500;
		this.escapeTimeoutMs = options.escapeTimeoutMs ?? 30;
	}

	get columns(): number {
		return this.stdout.columns || 80;
	}

	get rows(): number {
		return this.stdout.rows || 24;
	}

	get kittyProtocolActive(): boolean {
		return this.kittyActive;
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		if (this.running) throw new Error("ProcessTerminal.start called twice without stop");
		this.running = true;
		this.wasRaw = this.stdin.isRaw ?? false;
		this.stdin.setRawMode?.(true);
		const buffer = new StdinBuffer({
			onData: (sequence) => {
				if (!this.handleProbeReply(sequence)) onInput(sequence);
			},
			onPaste: (text) => onInput(wrapPaste(text)),
			escapeTimeoutMs: this.escapeTimeoutMs,
			timers: this.timers,
		});
		this.buffer = buffer;
		this.dataListener = (chunk) => buffer.process(chunk);
		this.resizeListener = onResize;
		this.stdin.on("data", this.dataListener);
		this.stdin.resume();
		this.stdout.on("resize", this.resizeListener);
		this.probePending = true;
		this.stdout.write(
			TerminalSequences.bracketedPasteOn + TerminalSequences.kittyQuery + TerminalSequences.primaryDeviceAttributes,
		);
		this.probeTimer = this.timers.setTimeout(() => {
			this.probeTimer = undefined;
			if (this.probePending) this.finishProbe(false);
		}, this.kittyProbeTimeoutMs);
	}

	/** Swallows keyboard-protocol probe replies; true when `sequence` was one. */
	private handleProbeReply(sequence: string): boolean {
		if (isKittyReply(sequence)) {
			if (this.probePending) this.finishProbe(true);
			return true;
		}
		if (isDeviceAttributesReply(sequence)) {
			if (this.probePending) this.finishProbe(false);
			return true;
		}
		return false;
	}

	private finishProbe(kittySupported: boolean): void {
		this.probePending = false;
		if (this.probeTimer !== undefined) {
			this.timers.clearTimeout(this.probeTimer);
			this.probeTimer = undefined;
		}
		if (kittySupported) {
			this.kittyActive = true;
			this.stdout.write(TerminalSequences.kittyPushDisambiguate);
		} else {
			this.modifyOtherKeysActive = true;
			this.stdout.write(TerminalSequences.modifyOtherKeysOn);
		}
	}

	stop(): void {
		if (!this.running) return;
		this.running = false;
		this.probePending = false;
		if (this.probeTimer !== undefined) this.timers.clearTimeout(this.probeTimer);
		this.probeTimer = undefined;
		let restore = TerminalSequences.bracketedPasteOff + TerminalSequences.showCursor;
		if (this.kittyActive) restore += TerminalSequences.kittyPop;
		if (this.modifyOtherKeysActive) restore += TerminalSequences.modifyOtherKeysOff;
		this.kittyActive = false;
		this.modifyOtherKeysActive = false;
		this.stdout.write(restore);
		this.buffer?.destroy();
		this.buffer = undefined;
		if (this.dataListener) this.stdin.off("data", this.dataListener);
		if (this.resizeListener) this.stdout.off("resize", this.resizeListener);
		this.dataListener = undefined;
		this.resizeListener = undefined;
		// Pause so input typed after exit (e.g. ctrl+d) goes to the shell, not to a dead handler.
		this.stdin.pause();
		this.stdin.setRawMode?.(this.wasRaw);
	}

	write(data: string): void {
		this.stdout.write(data);
	}

	hideCursor(): void {
		this.stdout.write(TerminalSequences.hideCursor);
	}

	showCursor(): void {
		this.stdout.write(TerminalSequences.showCursor);
	}

	setTitle(title: string): void {
		this.stdout.write(TerminalSequences.title(title));
	}
}

// Progress of package commands, as pi 1.4 shows it: the step ("Installing npm:x...") on stdout,
// then what npm and git write, passed on as they write it (their stdout to ours, their stderr to
// ours). On a terminal a ticker line ("  12s") shows that a quiet install is still running; it is
// cleared before any output is written, so passed-on text never mixes with it.

/** Receives package progress events and draws them. */
export interface InstallProgress {
	start(message: string): void;
	output(text: string, stream: "stdout" | "stderr"): void;
	/** Clears the ticker; call when the command ends. */
	stop(): void;
}

export function createInstallProgress(
	out: NodeJS.WriteStream = process.stdout,
	err: NodeJS.WriteStream = process.stderr,
): InstallProgress {
	let timer: NodeJS.Timeout | undefined;
	let startedAt = 0;
	let tickerShown = false;
	// The ticker never overwrites a line npm or git has not finished.
	let atLineStart = true;
	const clearTicker = () => {
		if (!tickerShown) return;
		out.write("\r\x1b[2K");
		tickerShown = false;
	};
	const draw = () => {
		if (!atLineStart) return;
		out.write(`\r\x1b[2K  ${Math.round((Date.now() - startedAt) / 1000)}s`);
		tickerShown = true;
	};
	const stop = () => {
		if (timer) clearInterval(timer);
		timer = undefined;
		clearTicker();
	};
	return {
		start(message) {
			stop();
			out.write(`${atLineStart ? "" : "\n"}${message}\n`);
			atLineStart = true;
			if (!out.isTTY) return;
			startedAt = Date.now();
			timer = setInterval(draw, 1000);
			// A finished command must not wait for the ticker.
			timer.unref();
		},
		output(text, stream) {
			if (text === "") return;
			clearTicker();
			(stream === "stdout" ? out : err).write(text);
			atLineStart = text.endsWith("\n");
		},
		stop,
	};
}

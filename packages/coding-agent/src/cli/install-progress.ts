// Progress of package commands on a terminal: the step ("Installing npm:x...") on its own line,
// then one line, rewritten each second, with the time taken and the tool's latest output line.
// Pipes and files get the step lines only.

/** Receives package progress events and draws them. */
export interface InstallProgress {
	start(message: string): void;
	output(text: string): void;
	/** Clears the live line; call when the command ends. */
	stop(): void;
}

export function createInstallProgress(stream: NodeJS.WriteStream = process.stdout): InstallProgress {
	let timer: NodeJS.Timeout | undefined;
	let startedAt = 0;
	let lastLine = "";
	const draw = () => {
		const seconds = Math.round((Date.now() - startedAt) / 1000);
		const width = Math.max(20, (stream.columns ?? 80) - 12);
		stream.write(`\r\x1b[2K  ${seconds}s ${lastLine.slice(0, width)}`);
	};
	const stop = () => {
		if (!timer) return;
		clearInterval(timer);
		timer = undefined;
		stream.write("\r\x1b[2K");
	};
	return {
		start(message) {
			stop();
			stream.write(`${message}\n`);
			if (!stream.isTTY) return;
			startedAt = Date.now();
			lastLine = "";
			timer = setInterval(draw, 1000);
			// A finished command must not wait for the ticker.
			timer.unref();
		},
		output(text) {
			const line = text
				.split(/\r?\n/)
				.map((part) => part.trim())
				.filter(Boolean)
				.at(-1);
			if (line) lastLine = line;
		},
		stop,
	};
}

/**
 * Reads one line from the terminal without echoing it (for secrets). Resolves undefined on
 * Ctrl+C / Ctrl+D. The terminal is restored in every case.
 */
export function readHiddenLine(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string | undefined> {
	process.stderr.write(prompt);
	return new Promise((resolve) => {
		let value = "";
		const wasRaw = input.isRaw;
		const finish = (result: string | undefined) => {
			input.off("data", onData);
			input.setRawMode?.(wasRaw ?? false);
			input.pause();
			process.stderr.write("\n");
			resolve(result);
		};
		const onData = (chunk: Buffer | string) => {
			for (const char of chunk.toString()) {
				if (char === "\r" || char === "\n") return finish(value);
				if (char === "\u0003" || char === "\u0004") return finish(undefined);
				if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
				else if (char >= " ") value += char;
			}
		};
		input.setRawMode?.(true);
		input.resume();
		input.on("data", onData);
	});
}

// Package command progress: the step line, then npm's and git's output passed on to the stream it
// was written to (pi 1.4 hands them the terminal).
import { describe, expect, it } from "vitest";
import { createInstallProgress } from "../../src/cli/install-progress.js";

function stream(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
	const chunks: string[] = [];
	return Object.assign(
		{
			isTTY,
			columns: 80,
			write: (chunk: string) => {
				chunks.push(chunk);
				return true;
			},
		},
		{ text: () => chunks.join("") },
	) as unknown as NodeJS.WriteStream & { text: () => string };
}

describe("createInstallProgress", () => {
	it("writes the step on stdout and passes output through to its own stream", () => {
		const out = stream(false);
		const err = stream(false);
		const progress = createInstallProgress(out, err);
		progress.start("Installing npm:x...");
		progress.output("added 1 package in 1s\n", "stdout");
		progress.output("npm warn deprecated y\n", "stderr");
		progress.stop();
		expect(out.text()).toBe("Installing npm:x...\nadded 1 package in 1s\n");
		expect(err.text()).toBe("npm warn deprecated y\n");
	});

	it("starts the next step on a fresh line after output that did not end one", () => {
		const out = stream(false);
		const progress = createInstallProgress(out, stream(false));
		progress.start("Installing npm:x...");
		progress.output("partial", "stdout");
		progress.start("Installing npm:y...");
		expect(out.text()).toBe("Installing npm:x...\npartial\nInstalling npm:y...\n");
	});
});

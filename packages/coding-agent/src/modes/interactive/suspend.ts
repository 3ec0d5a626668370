import type { TUI } from "@pi/tui";

/**
 * Ctrl+Z (`app.suspend`): gives the terminal back (main screen, cooked mode, mouse and keyboard
 * protocols off), stops pi's process group like a shell's Ctrl+Z, and on `fg` (SIGCONT) takes the
 * terminal again and redraws everything. `stopped` runs once the terminal is given back (fullscreen
 * prints the transcript there, as on exit). Returns false where job control does not exist (Windows).
 */
export function suspendToShell(
	tui: TUI,
	platform: NodeJS.Platform = process.platform,
	stopped: () => void = () => undefined,
): boolean {
	if (platform === "win32") return false;
	// Without a ref'd handle Node could exit while stopped (the TUI's stdin listener is paused),
	// before SIGCONT arrives.
	const keepAlive = setInterval(() => undefined, 2 ** 30);
	// A Ctrl+C typed at the shell meanwhile must not end the stopped pi.
	const ignoreInterrupt = (): void => undefined;
	process.on("SIGINT", ignoreInterrupt);
	process.once("SIGCONT", () => {
		clearInterval(keepAlive);
		process.removeListener("SIGINT", ignoreInterrupt);
		tui.start();
		tui.requestRender(true);
	});
	try {
		tui.stop();
		stopped();
		// The whole process group, as the terminal's own Ctrl+Z would: tools pi runs stop too.
		process.kill(0, "SIGTSTP");
	} catch (error) {
		clearInterval(keepAlive);
		process.removeListener("SIGINT", ignoreInterrupt);
		tui.start();
		throw error;
	}
	return true;
}

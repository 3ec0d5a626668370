import type { Terminal } from "@pi/tui";

/**
 * `terminal.showTerminalProgress`: the ConEmu/Windows Terminal progress sequence (OSC 9;4), which
 * Windows Terminal, Ghostty, WezTerm and others show on the tab or taskbar. Indeterminate while the
 * agent works, removed when it settles. Terminals that do not know it ignore it.
 */
export class TerminalProgress {
	private active = false;

	constructor(
		private readonly terminal: Terminal,
		private enabled: boolean,
	) {}

	setEnabled(enabled: boolean): void {
		if (!enabled) this.set(false);
		this.enabled = enabled;
	}

	set(working: boolean): void {
		if (working && !this.enabled) return;
		if (working === this.active) return;
		this.active = working;
		this.terminal.write(working ? "\x1b]9;4;3;\x07" : "\x1b]9;4;0;\x07");
	}
}

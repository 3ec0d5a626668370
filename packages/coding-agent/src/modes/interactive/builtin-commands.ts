import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SlashCommand } from "@pi/tui";
import { APP_ACTION_DESCRIPTIONS, type AppAction } from "./app-keybindings.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { scopedModelsCommand } from "./scoped-models-picker.js";
import { Selectors } from "./selectors.js";
import {
	changelogLines,
	copyLastAnswer,
	exportCommand,
	importCommand,
	nameCommand,
	sessionInfoLines,
} from "./session-commands.js";
import { openSessionPicker } from "./session-picker.js";
import { openSettingsMenu } from "./settings-menu.js";
import { thinkingCommand } from "./thinking-picker.js";
import { trustCommand } from "./trust-picker.js";

/** The built-in commands and their descriptions (extensions.md §10, step 1). */
const BUILTINS: readonly { name: string; description: string }[] = [
	{ name: "model", description: "Select a model" },
	{ name: "thinking", description: "Set the thinking level for this session: /thinking [level]" },
	{ name: "scoped-models", description: "Choose and order the models Ctrl+P cycles through" },
	{ name: "settings", description: "Thinking, compaction, queue modes, theme and the terminal UI settings" },
	{ name: "resume", description: "Resume a previous session" },
	{ name: "new", description: "Start a new session" },
	{ name: "name", description: "Name the session, or show its name: /name [name]" },
	{ name: "session", description: "Session file, id, messages, tokens and cost" },
	{ name: "tree", description: "Navigate the session tree" },
	{ name: "fork", description: "Fork from an earlier user message" },
	{ name: "clone", description: "Copy the session up to here into a new one" },
	{ name: "compact", description: "Compact the context: /compact [instructions]" },
	{ name: "import", description: "Import and resume a JSONL session: /import <file.jsonl>" },
	{ name: "copy", description: "Copy the last answer to the clipboard" },
	{ name: "export", description: "Export the session as HTML, or JSONL for a .jsonl name: /export [file]" },
	{ name: "trust", description: "Save a trust decision for this project (next pi runs)" },
	{ name: "reload", description: "Reload extensions, skills, prompts, context files and models" },
	{ name: "login", description: "Sign in with a subscription or store an API key ([provider])" },
	{ name: "logout", description: "Remove a stored provider API key" },
	{ name: "hotkeys", description: "Show the key bindings" },
	{ name: "changelog", description: "Show the changelog" },
	{ name: "quit", description: "Quit pi" },
];

/** Names of the TUI's own commands: one an extension also registers runs the built-in here. */
export const BUILTIN_COMMAND_NAMES: ReadonlySet<string> = new Set(BUILTINS.map((command) => command.name));

/**
 * The slash commands the TUI handles itself, before `session.prompt()` (run-modes.md §7.5), and
 * the `!cmd` / `!!cmd` shell escapes.
 */
export class BuiltinCommands {
	private readonly selectors: Selectors;

	constructor(
		private readonly app: InteractiveAppView,
		private readonly options: { changelog?: () => string | undefined; version?: string } = {},
	) {
		this.selectors = new Selectors(app);
	}

	slashCommands(): SlashCommand[] {
		return BUILTINS.map((command) => ({ ...command }));
	}

	/** Runs `text` when it names a built-in command; false when it is not one. */
	run(text: string): boolean {
		const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
		if (!match) return false;
		const name = match[1] ?? "";
		const args = (match[2] ?? "").trim();
		const app = this.app;
		const theme = app.theme;
		switch (name) {
			case "quit":
			case "exit":
				app.quit(0);
				return true;
			case "model":
				this.selectors.model(args);
				return true;
			case "thinking":
				thinkingCommand(app, this.selectors, args);
				return true;
			case "scoped-models":
				scopedModelsCommand(app, this.selectors);
				return true;
			case "trust":
				trustCommand(app, this.selectors);
				return true;
			case "import":
				importCommand(app, args);
				return true;
			case "changelog":
				app.showNotice(changelogLines(app, this.options.changelog?.(), this.options.version).join("\n"));
				return true;
			case "settings":
				openSettingsMenu(app);
				return true;
			case "resume":
				openSessionPicker(app, this.selectors);
				return true;
			case "tree":
				this.selectors.tree();
				return true;
			case "fork":
				this.selectors.fork();
				return true;
			case "login":
				this.selectors.login(args);
				return true;
			case "logout":
				this.selectors.logout();
				return true;
			case "new":
				void app.runAction(async () => {
					const result = await app.runtime.newSession();
					if (!result.cancelled) app.showNotice(theme.accent("✓ New session started"));
				});
				return true;
			case "clone":
				void app.runAction(async () => {
					const leaf = app.session.sessionManager.getLeafId();
					if (!leaf) throw new Error("Nothing to clone yet.");
					const result = await app.runtime.fork(leaf, { position: "at" });
					if (!result.cancelled) app.showNotice(theme.muted("Cloned the session."));
				});
				return true;
			case "name":
				nameCommand(app, args);
				return true;
			case "session":
				app.showNotice(sessionInfoLines(app).join("\n"));
				return true;
			case "compact":
				void app.runAction(async () => {
					await app.session.compact(args || undefined);
					app.refreshFooter();
				});
				return true;
			case "copy":
				copyLastAnswer(app);
				return true;
			case "export":
				exportCommand(app, args);
				return true;
			case "reload":
				void app.runAction(async () => {
					// extensions.md §1.5: /reload gives extensions fresh instances too, through the runtime
					// (session_shutdown reload → rebuild → session_start reload → the mode's rebind).
					await app.runtime.reload();
					app.refreshEditorChrome();
					app.showNotice(theme.muted("Reloaded extensions, skills, prompts, context files and models."));
				});
				return true;
			case "hotkeys":
				this.showHotkeys();
				return true;
			default:
				return false;
		}
	}

	private showHotkeys(): void {
		const app = this.app;
		const lines = [app.theme.bold("Keys")];
		for (const [action, description] of Object.entries(APP_ACTION_DESCRIPTIONS)) {
			const keys = app.keybindings.getKeys(action as AppAction).join(", ") || "(unbound)";
			lines.push(`${app.theme.accent(keys.padEnd(22))} ${description}  ${app.theme.muted(action)}`);
		}
		for (const [action, description] of [
			["tui.input.submit", "Send (steers while streaming)"],
			["tui.input.newLine", "New line"],
			["tui.input.tab", "Complete paths and commands"],
		] as const) {
			const keys = app.keybindings.getKeys(action).join(", ") || "(unbound)";
			lines.push(`${app.theme.accent(keys.padEnd(22))} ${description}  ${app.theme.muted(action)}`);
		}
		app.showNotice(lines.join("\n"));
	}

	/** `!cmd` (output enters the context) and `!!cmd` (shown only). */
	async runBash(command: string, excludeFromContext: boolean): Promise<void> {
		const app = this.app;
		const component = app.transcript.newTool(`user-bash-${Date.now()}`, "bash", { command });
		app.transcript.addComponent(component);
		app.transcript.startTiming(component);
		app.tui.requestRender();
		let output = "";
		const unsubscribe = app.session.subscribe((event) => {
			if (event.type !== "bash_execution_update") return;
			output += event.delta;
			component.setPartialResult({ content: [{ type: "text", text: output }] });
			app.tui.requestRender();
		});
		try {
			const result = await app.session.executeBash(command, { excludeFromContext });
			const note = result.cancelled
				? "\n(cancelled)"
				: result.exitCode
					? `\n(exit code ${result.exitCode})`
					: excludeFromContext
						? "\n(not sent to the model)"
						: "";
			component.setResult(
				{ content: [{ type: "text", text: `${result.output}${note}` }] },
				result.cancelled || (result.exitCode !== 0 && result.exitCode !== undefined),
			);
		} catch (error) {
			component.setResult({ content: [{ type: "text", text: String(error) }] }, true);
		} finally {
			unsubscribe();
			// The command may have switched the git branch the footer shows.
			app.refreshFooter();
			app.tui.requestRender();
		}
	}

	/** Ctrl+G: edits the prompt in `externalEditor`, else `$VISUAL` / `$EDITOR`, with the TUI paused. */
	openExternalEditor(): void {
		const app = this.app;
		const editorCommand = app.tuiSettings.externalEditor || process.env.VISUAL || process.env.EDITOR;
		if (!editorCommand) {
			app.showNotice(
				app.theme.warning('Set "externalEditor" in /settings, or $VISUAL or $EDITOR, to edit the prompt externally.'),
			);
			return;
		}
		const dir = mkdtempSync(join(tmpdir(), "pi-prompt-"));
		const file = join(dir, "prompt.md");
		try {
			writeFileSync(file, app.editor.getText());
			app.tui.stop();
			spawnSync(`${editorCommand} "${file}"`, { stdio: "inherit", shell: true });
			app.editor.setText(readFileSync(file, "utf8").replace(/\n$/, ""));
		} finally {
			rmSync(dir, { recursive: true, force: true });
			app.tui.start();
			app.tui.requestRender(true);
		}
	}
}

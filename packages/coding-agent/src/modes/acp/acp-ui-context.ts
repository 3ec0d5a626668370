import type {
	PermissionOption,
	RequestPermissionRequest,
	RequestPermissionResponse,
	ToolCallUpdate,
} from "@agentclientprotocol/sdk";
import { type DialogOptions, type ModeUIContext, noopUIContext } from "../../core/extensions/extension-ui-context.js";

// Extension dialogs over ACP: `confirm` and yes/no `select` become `session/request_permission`
// with allow-once / allow-always / reject; other selects offer their options. A client that
// cannot answer (error, cancelled, timeout, abort) gets the headless default: deny.

/** What the UI context needs from the ACP session. */
export interface AcpDialogPort {
	requestPermission(
		request: Omit<RequestPermissionRequest, "sessionId">,
		signal: AbortSignal,
	): Promise<RequestPermissionResponse>;
	/** The tool call a dialog belongs to (the permission gate asks during `tool_call`). */
	currentToolCall(): ToolCallUpdate | undefined;
	/** Shows a stand-alone tool call for a dialog raised outside any tool call. */
	announceDialog(toolCall: { toolCallId: string; title: string }): Promise<void>;
	finishDialog(toolCallId: string, allowed: boolean): void;
}

const ALLOW_ONCE = "allow_once";
const ALLOW_ALWAYS = "allow_always";
const REJECT = "reject_once";

const PERMISSION_OPTIONS: PermissionOption[] = [
	{ optionId: ALLOW_ONCE, name: "Allow", kind: "allow_once" },
	{ optionId: ALLOW_ALWAYS, name: "Always allow", kind: "allow_always" },
	{ optionId: REJECT, name: "Reject", kind: "reject_once" },
];

const AFFIRMATIVE = /^(yes|y|allow|approve|ok|continue|proceed|run)\b/i;
const NEGATIVE = /^(no|n|deny|reject|block|cancel|abort|skip)\b/i;

/** The index pair of a yes/no select, when it is one. */
function yesNoPair(options: readonly string[]): { yes: string; no: string } | undefined {
	if (options.length !== 2) return undefined;
	const [first, second] = options as [string, string];
	if (AFFIRMATIVE.test(first) && NEGATIVE.test(second)) return { yes: first, no: second };
	if (NEGATIVE.test(first) && AFFIRMATIVE.test(second)) return { yes: second, no: first };
	return undefined;
}

/** The ExtensionUIContext of one ACP session. */
export class AcpUIContext implements ModeUIContext {
	/** Answers given as "always", per dialog (title + message or options). */
	private readonly remembered = new Map<string, string | boolean>();
	private dialogCount = 0;

	constructor(private readonly port: AcpDialogPort) {}

	async confirm(title: string, message: string, options?: DialogOptions): Promise<boolean> {
		const key = `confirm\u0000${title}\u0000${message}`;
		const known = this.remembered.get(key);
		if (typeof known === "boolean") return known;
		const chosen = await this.ask(message ? `${title}\n\n${message}` : title, PERMISSION_OPTIONS, options);
		if (chosen === ALLOW_ALWAYS) this.remembered.set(key, true);
		return chosen === ALLOW_ONCE || chosen === ALLOW_ALWAYS;
	}

	async select(title: string, choices: string[], options?: DialogOptions): Promise<string | undefined> {
		const key = `select\u0000${title}\u0000${choices.join("\u0000")}`;
		const known = this.remembered.get(key);
		if (typeof known === "string") return known;
		const pair = yesNoPair(choices);
		if (pair) {
			const chosen = await this.ask(title, PERMISSION_OPTIONS, options);
			if (chosen === ALLOW_ALWAYS) this.remembered.set(key, pair.yes);
			if (chosen === ALLOW_ONCE || chosen === ALLOW_ALWAYS) return pair.yes;
			return chosen === REJECT ? pair.no : undefined;
		}
		const offered: PermissionOption[] = choices.map((choice, index) => ({
			optionId: `option-${index}`,
			name: choice,
			kind: "allow_once",
		}));
		const chosen = await this.ask(title, offered, options);
		const index = chosen?.startsWith("option-") ? Number(chosen.slice("option-".length)) : Number.NaN;
		return Number.isInteger(index) ? choices[index] : undefined;
	}

	/** One permission request; undefined for every way of not answering. */
	private async ask(
		title: string,
		options: PermissionOption[],
		dialogOptions: DialogOptions | undefined,
	): Promise<string | undefined> {
		if (dialogOptions?.signal?.aborted) return undefined;
		const controller = new AbortController();
		const stop = () => controller.abort();
		dialogOptions?.signal?.addEventListener("abort", stop, { once: true });
		const timer =
			dialogOptions?.timeout !== undefined ? setTimeout(stop, Math.max(0, dialogOptions.timeout)) : undefined;
		let toolCall = this.port.currentToolCall();
		let standalone: string | undefined;
		try {
			if (!toolCall) {
				this.dialogCount += 1;
				standalone = `pi-dialog-${this.dialogCount}`;
				toolCall = { toolCallId: standalone, title };
				await this.port.announceDialog({ toolCallId: standalone, title });
			}
			const answer = this.port.requestPermission({ toolCall: { ...toolCall, title }, options }, controller.signal);
			const aborted = new Promise<undefined>((resolve) => {
				if (controller.signal.aborted) resolve(undefined);
				controller.signal.addEventListener("abort", () => resolve(undefined), { once: true });
			});
			const response = await Promise.race([answer, aborted]);
			const outcome = response?.outcome;
			const chosen = outcome?.outcome === "selected" ? outcome.optionId : undefined;
			if (standalone) this.port.finishDialog(standalone, chosen === ALLOW_ONCE || chosen === ALLOW_ALWAYS);
			return options.some((option) => option.optionId === chosen) ? chosen : undefined;
		} catch {
			// A client that cannot answer (no handler, connection error) gets the headless default.
			if (standalone) this.port.finishDialog(standalone, false);
			return undefined;
		} finally {
			if (timer) clearTimeout(timer);
			dialogOptions?.signal?.removeEventListener("abort", stop);
		}
	}

	input = noopUIContext.input;
	editor = noopUIContext.editor;
	notify = noopUIContext.notify;
	setStatus = noopUIContext.setStatus;
	setWidget = noopUIContext.setWidget;
	setTitle = noopUIContext.setTitle;
	setEditorText = noopUIContext.setEditorText;
	getEditorText = noopUIContext.getEditorText;
	pasteToEditor = noopUIContext.pasteToEditor;
	custom = noopUIContext.custom;
	setWorkingMessage = noopUIContext.setWorkingMessage;
	setToolsExpanded = noopUIContext.setToolsExpanded;
	getToolsExpanded = noopUIContext.getToolsExpanded;
	onTerminalInput = noopUIContext.onTerminalInput;
}

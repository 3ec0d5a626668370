// The ExtensionUIContext of RPC mode (rpc.md §11): dialogs become `extension_ui_request`
// records answered by `extension_ui_response` lines, the fire-and-forget methods are written
// and forgotten, terminal-only members degrade as §11.7 lists.
import { randomUUID } from "node:crypto";
import type { DialogOptions, ExtensionUIContext } from "../../core/extensions/extension-ui-context.js";
import { getExtensionTheme } from "../interactive/extension-theme.js";
import type { RpcExtensionUIRequest } from "./rpc-types.js";

type DialogMethod = "select" | "confirm" | "input" | "editor";
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type RequestBody = DistributiveOmit<RpcExtensionUIRequest, "type" | "id">;

interface PendingDialog {
	method: DialogMethod;
	settle(answer: Record<string, unknown> | undefined): void;
}

/** The RPC UI context plus the hooks the server needs. */
export interface RpcUIContext extends ExtensionUIContext {
	/** Routes one `extension_ui_response` record; unknown or stale ids are ignored. */
	handleResponse(record: Record<string, unknown>): void;
	/** Resolves every pending dialog with its default (at shutdown). */
	cancelAll(): void;
	/** Number of dialogs waiting for an answer. */
	pendingCount(): number;
}

function dialogValue(method: DialogMethod, answer: Record<string, unknown> | undefined): unknown {
	if (!answer || answer.cancelled === true) return method === "confirm" ? false : undefined;
	if (method === "confirm") return "confirmed" in answer ? answer.confirmed === true : false;
	return "value" in answer && typeof answer.value === "string" ? answer.value : undefined;
}

/** Creates the RPC UI context writing requests through `write` (the serialized stdout writer). */
export function createRpcUIContext(write: (request: RpcExtensionUIRequest) => void): RpcUIContext {
	const pending = new Map<string, PendingDialog>();

	const send = (body: RequestBody): void => {
		write({ type: "extension_ui_request", id: randomUUID(), ...body } as RpcExtensionUIRequest);
	};

	function dialog<T>(method: DialogMethod, body: RequestBody, options: DialogOptions | undefined): Promise<T> {
		const fallback = dialogValue(method, undefined) as T;
		const signal = options?.signal;
		if (signal?.aborted) return Promise.resolve(fallback);
		const timeout =
			typeof options?.timeout === "number" && options.timeout > 0 && Number.isFinite(options.timeout)
				? options.timeout
				: undefined;
		const id = randomUUID();
		return new Promise<T>((resolve) => {
			let timer: ReturnType<typeof setTimeout> | undefined;
			const onAbort = (): void => entry.settle(undefined);
			const entry: PendingDialog = {
				method,
				settle: (answer) => {
					// Removed first, so a duplicate or late answer finds nothing (§11.5 step 3).
					if (!pending.delete(id)) return;
					if (timer) clearTimeout(timer);
					signal?.removeEventListener("abort", onAbort);
					resolve(dialogValue(method, answer) as T);
				},
			};
			pending.set(id, entry);
			if (timeout !== undefined) timer = setTimeout(() => entry.settle(undefined), timeout);
			signal?.addEventListener("abort", onAbort, { once: true });
			write({
				type: "extension_ui_request",
				id,
				...body,
				...(timeout !== undefined ? { timeout } : {}),
			} as RpcExtensionUIRequest);
		});
	}

	return {
		select: (title, options, dialogOptions) =>
			dialog<string | undefined>("select", { method: "select", title, options }, dialogOptions),
		confirm: (title, message, dialogOptions) =>
			dialog<boolean>("confirm", { method: "confirm", title, message }, dialogOptions),
		input: (title, placeholder, dialogOptions) =>
			dialog<string | undefined>(
				"input",
				{ method: "input", title, ...(placeholder !== undefined ? { placeholder } : {}) },
				dialogOptions,
			),
		editor: (title, prefill, dialogOptions) =>
			dialog<string | undefined>(
				"editor",
				{ method: "editor", title, ...(prefill !== undefined ? { prefill } : {}) },
				dialogOptions,
			),
		notify: (message, notifyType) =>
			send({ method: "notify", message, ...(notifyType !== undefined ? { notifyType } : {}) }),
		setStatus: (statusKey, statusText) =>
			send({ method: "setStatus", statusKey, ...(statusText !== undefined ? { statusText } : {}) }),
		setWidget: (widgetKey, content, options) => {
			// Component factories need a terminal; only string lines travel (§11.4).
			if (typeof content === "function") return;
			send({
				method: "setWidget",
				widgetKey,
				...(content !== undefined ? { widgetLines: content } : {}),
				...(options?.placement !== undefined ? { widgetPlacement: options.placement } : {}),
			});
		},
		setTitle: (title) => send({ method: "setTitle", title }),
		setEditorText: (text) => send({ method: "set_editor_text", text }),
		getEditorText: () => "",
		pasteToEditor: (text) => send({ method: "set_editor_text", text }),
		custom: async () => undefined,
		setWorkingMessage: () => undefined,
		setToolsExpanded: () => undefined,
		getToolsExpanded: () => false,
		onTerminalInput: () => () => undefined,
		setWorkingVisible: () => undefined,
		setWorkingIndicator: () => undefined,
		setHiddenThinkingLabel: () => undefined,
		setFooter: () => undefined,
		setHeader: () => undefined,
		setEditorComponent: () => undefined,
		getAllThemes: () => [],
		getTheme: () => undefined,
		setTheme: () => ({ success: false, error: "Theme switching not supported in RPC mode" }),
		get theme() {
			return getExtensionTheme();
		},
		getEditorComponent: () => undefined,
		addAutocompleteProvider: () => () => undefined,
		handleResponse(record) {
			if (typeof record.id !== "string") return;
			pending.get(record.id)?.settle(record);
		},
		cancelAll() {
			for (const entry of [...pending.values()]) entry.settle(undefined);
		},
		pendingCount: () => pending.size,
	};
}

// `ui_prompt_start` / `ui_prompt_end` (pi 1.4): every blocking dialog an extension opens through
// `ctx.ui` is reported to all extensions while it waits, so one can pause a timer, a status
// spinner or a notification while the user is being asked something.
import type { UIPromptEndEvent, UIPromptKind, UIPromptStartEvent } from "./extension-events.js";
import type { ExtensionUIContext } from "./extension-ui-context.js";

/** `ui` whose dialogs emit `ui_prompt_start` before waiting and `ui_prompt_end` once settled. */
export function withUIPromptEvents(
	ui: ExtensionUIContext,
	emit: (event: UIPromptStartEvent | UIPromptEndEvent) => void,
): ExtensionUIContext {
	const around = async <T>(kind: UIPromptKind, title: string | undefined, wait: () => Promise<T>): Promise<T> => {
		const fields = { reason: "ui_prompt" as const, kind, ...(title !== undefined ? { title } : {}) };
		emit({ type: "ui_prompt_start", ...fields });
		try {
			return await wait();
		} finally {
			emit({ type: "ui_prompt_end", ...fields });
		}
	};
	const wrapped = Object.create(ui) as ExtensionUIContext;
	Object.assign(wrapped, {
		select: (title: string, options: string[], dialogOptions?: Parameters<ExtensionUIContext["select"]>[2]) =>
			around("select", title, () => ui.select(title, options, dialogOptions)),
		confirm: (title: string, message: string, dialogOptions?: Parameters<ExtensionUIContext["confirm"]>[2]) =>
			around("confirm", title, () => ui.confirm(title, message, dialogOptions)),
		input: (title: string, placeholder?: string, dialogOptions?: Parameters<ExtensionUIContext["input"]>[2]) =>
			around("input", title, () => ui.input(title, placeholder, dialogOptions)),
		editor: (title: string, prefill?: string, dialogOptions?: Parameters<ExtensionUIContext["editor"]>[2]) =>
			around("editor", title, () => ui.editor(title, prefill, dialogOptions)),
		custom: (...args: Parameters<ExtensionUIContext["custom"]>) =>
			around("custom", undefined, () => ui.custom(...args)),
	});
	return wrapped;
}

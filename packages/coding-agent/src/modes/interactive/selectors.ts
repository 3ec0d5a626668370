import type { Model } from "@pi/ai";
import { matchesKey, type SelectItem } from "@pi/tui";
import { adoptSignedInModel } from "../../core/auth/adopt-signed-in-model.js";
import { listSignInProviders, type SignInMethod, signOut } from "../../core/auth/sign-in.js";
import { TREE_FILTER_MODES, type TreeFilterMode } from "../../core/config/settings-types.js";
import type { SessionTreeNode } from "../../core/session/session-types.js";
import { SelectorComponent, type SelectorOptions } from "./components/selector.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { describeEntry, keepEntry, oneLine } from "./tree-entries.js";
import { runTuiSignIn } from "./tui-sign-in.js";

const METHOD_LABELS: Record<SignInMethod, string> = {
	browser: "browser",
	paste: "paste a code",
	device_code: "device code",
};

function modelKey(model: Model): string {
	return `${model.provider}/${model.id}`;
}

/** The pickers behind /model, /tree, /fork, /login and /logout, and the overlay the others use (/resume: session-picker.ts). */
export class Selectors {
	constructor(private readonly app: InteractiveAppView) {}

	/** Shows a selector overlay; it closes itself on select or cancel. */
	open(options: Omit<SelectorOptions, "onCancel"> & { onCancel?: () => void }): SelectorComponent {
		const app = this.app;
		let handle: { hide(): void } | undefined;
		const close = (): void => {
			handle?.hide();
			app.tui.setFocus(app.editor);
			app.tui.requestRender();
		};
		const selector = new SelectorComponent(
			{
				...options,
				onSelect: (item) => {
					close();
					options.onSelect(item);
				},
				onCancel: () => {
					close();
					options.onCancel?.();
				},
			},
			app.theme,
			app.keybindings,
		);
		handle = app.tui.showOverlay(selector, { anchor: "center", width: "90%", margin: 1 });
		return selector;
	}

	model(query: string): void {
		const app = this.app;
		void app.runAction(async () => {
			const models = await app.session.getAvailableModels();
			if (models.length === 0) {
				app.showNotice(
					app.theme.warning("No models available. Use /login to sign in with a subscription or store an API key."),
				);
				return;
			}
			const pick = (model: Model): void => {
				app.session.setModel(model);
				app.refreshEditorChrome();
				app.showNotice(app.theme.muted(`Model: ${modelKey(model)}`));
			};
			if (query) {
				const exact = models.find((model) => modelKey(model) === query || model.id === query);
				if (exact) {
					pick(exact);
					return;
				}
			}
			const current = app.session.model;
			const items: SelectItem[] = models.map((model) => ({
				value: modelKey(model),
				label: `${model === current || (current && modelKey(current) === modelKey(model)) ? "● " : "  "}${modelKey(model)}`,
				description: model.name,
			}));
			const selector = this.open({
				title: "Select a model",
				items,
				onSelect: (item) => {
					const model = models.find((candidate) => modelKey(candidate) === item.value);
					if (model) pick(model);
				},
			});
			if (query) selector.handleInput(query);
		});
	}

	tree(): void {
		const app = this.app;
		const manager = app.session.sessionManager;
		const leaf = manager.getLeafId();
		let filter: TreeFilterMode = app.tuiSettings.treeFilterMode;
		const build = (): SelectItem[] => {
			const items: SelectItem[] = [];
			const walk = (nodes: SessionTreeNode[], depth: number): void => {
				for (const node of nodes) {
					const text = describeEntry(node.entry);
					const shown = text !== undefined && keepEntry(node, filter);
					if (shown) {
						const label = node.label ? app.theme.warning(` [${node.label}]`) : "";
						const marker = node.entry.id === leaf ? "● " : "  ";
						items.push({ value: node.entry.id, label: `${"  ".repeat(depth)}${marker}${text}${label}` });
					}
					walk(node.children, depth + (shown && nodes.length > 1 ? 1 : 0));
				}
			};
			walk(manager.getTree(), 0);
			return items;
		};
		const items = build();
		if (manager.getEntries().length === 0) {
			app.showNotice(app.theme.muted("The session is empty."));
			return;
		}
		const title = (): string => `Session tree (filter: ${filter}; Tab changes it)`;
		const selector = this.open({
			title: title(),
			items,
			hint: "↑↓ move · Enter continue from here · Tab filter · Ctrl+L label · Esc cancel",
			onKey: (data, current) => {
				if (matchesKey(data, "ctrl+l")) {
					const entry = current.selected();
					if (!entry) return true;
					void app.uiContext
						.input("Label for this entry (empty removes it)", manager.getLabel(entry.value))
						.then((label) => {
							if (label === undefined) return;
							manager.appendLabelChange(entry.value, label.trim() === "" ? undefined : label.trim());
							current.setItems(build());
							app.tui.setFocus(current);
							app.tui.requestRender();
						});
					return true;
				}
				if (!matchesKey(data, "tab")) return false;
				filter = TREE_FILTER_MODES[(TREE_FILTER_MODES.indexOf(filter) + 1) % TREE_FILTER_MODES.length] ?? "default";
				current.setTitle(title());
				current.setItems(build());
				app.tui.requestRender();
				return true;
			},
			onSelect: (item) => {
				if (item.value === leaf) return;
				void app.runAction(async () => {
					const summarize = await this.askSummarize();
					if (summarize === undefined) return;
					const result = await app.session.navigateTree(item.value, { summarize });
					if (result.cancelled) return;
					app.transcript.reset(app.session.messages);
					app.refreshFooter();
					if (result.editorText !== undefined) app.editor.setText(result.editorText);
				});
			},
		});
		const leafIndex = items.findIndex((item) => item.value === leaf);
		if (leafIndex >= 0) for (let step = 0; step < leafIndex; step++) selector.handleInput("\x1b[B");
	}

	/** Whether to summarise the branch being left (skipped with `branchSummary.skipPrompt`); undefined = cancel. */
	private async askSummarize(): Promise<boolean | undefined> {
		const app = this.app;
		if (app.session.settingsManager.getBranchSummarySettings().skipPrompt) return false;
		const answer = await app.uiContext.select("Summarize the branch you are leaving?", ["No summary", "Summarize"]);
		if (answer === undefined) return undefined;
		return answer === "Summarize";
	}

	fork(): void {
		const app = this.app;
		const messages = app.session.getUserMessagesForForking();
		if (messages.length === 0) {
			app.showNotice(app.theme.muted("No user message to fork from yet."));
			return;
		}
		this.open({
			title: "Fork from a user message (it goes back into the editor)",
			items: messages.map((message) => ({ value: message.entryId, label: oneLine(message.text) })),
			onSelect: (item) => {
				void app.runAction(async () => {
					const result = await app.runtime.fork(item.value);
					if (result.selectedText !== undefined) app.editor.setText(result.selectedText);
					if (!result.cancelled) app.showNotice(app.theme.muted("Forked into a new session."));
				});
			},
		});
	}

	/**
	 * /login: the subscription sign-ins first, then an API key for any provider. `/login <provider>`
	 * (pi 1.4) offers only that provider's ways in: each sign-in method, then its API key.
	 */
	login(providerArg = ""): void {
		const app = this.app;
		const runtime = app.session.modelRuntime;
		const only = providerArg.trim() || undefined;
		const signIns = listSignInProviders(runtime).filter((provider) => !only || provider.id === only);
		const keyProviders = runtime.getProviderIds().filter((provider) => !only || provider === only);
		if (only && signIns.length === 0 && keyProviders.length === 0) {
			app.showNotice(app.theme.error(`Unknown provider: ${only}`));
			return;
		}
		const items: SelectItem[] = [
			...signIns.flatMap((provider) =>
				only && provider.methods.length > 1
					? provider.methods.map((method) => ({
							value: `oauth:${method}:${provider.id}`,
							label: `Sign in: ${provider.name} (${METHOD_LABELS[method]})`,
						}))
					: [{ value: `oauth::${provider.id}`, label: `Sign in: ${provider.name}` }],
			),
			...keyProviders.map((provider) => ({ value: `key::${provider}`, label: `API key: ${provider}` })),
		];
		this.open({
			title: only
				? `Log in to ${only}: sign in with a subscription, or store an API key`
				: "Log in: sign in with a subscription, or store an API key",
			items,
			onSelect: (item) => {
				const [kind = "", method = "", ...rest] = item.value.split(":");
				const provider = rest.join(":");
				void app.runAction(async () => {
					if (kind === "oauth") {
						await runTuiSignIn(app, provider, (method || undefined) as SignInMethod | undefined);
						return;
					}
					const key = await app.uiContext.secret(`API key for ${provider}`);
					if (!key) return;
					runtime.authStorage.set(provider, { type: "api_key", key });
					const model = await adoptSignedInModel(app.session, provider);
					app.refreshEditorChrome();
					app.showNotice(
						app.theme.muted(
							`Stored an API key for ${provider}.${model ? ` Model: ${model.provider}/${model.id}` : ""}`,
						),
					);
				});
			},
		});
	}

	logout(): void {
		const app = this.app;
		const stored = app.session.modelRuntime.authStorage.list();
		if (stored.length === 0) {
			app.showNotice(app.theme.muted("No stored credentials."));
			return;
		}
		this.open({
			title: "Log out: remove the stored sign-in or key of",
			items: stored.map((provider) => ({
				value: provider,
				description: app.session.modelRuntime.authStorage.get(provider)?.type === "oauth" ? "signed in" : "API key",
			})),
			onSelect: (item) => {
				signOut(app.session.modelRuntime.authStorage, item.value);
				app.session.modelRuntime.refresh();
				app.showNotice(app.theme.muted(`Signed out of ${item.value}: its stored credential was removed.`));
			},
		});
	}
}

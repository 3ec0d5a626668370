import { spawn } from "node:child_process";
import type { Provider } from "@pi/ai";
import type { ProviderConfig } from "../models/models-json.js";
import type { ExecResult, ExtensionAPI, ExtensionEventBus, SlashCommandInfo } from "./extension-api.js";
import type { ExtensionEventName } from "./extension-events.js";
import { customMessageOf } from "./extension-host.js";
import type { AnyExtensionHandler, ExtensionRecord } from "./extension-record.js";
import type { EntryRenderer, MessageRenderer } from "./extension-renderers.js";
import type { ExtensionRunner } from "./extension-runner.js";
import { activatesOnRegister } from "./tool-loadout.js";
import { wrapExtensionTool } from "./wrap-extension-tool.js";

/** The bus shared by every extension of one load. */
export function createExtensionEventBus(): ExtensionEventBus {
	const listeners = new Map<string, Set<(data: unknown) => void>>();
	return {
		on(name, listener) {
			let set = listeners.get(name);
			if (!set) {
				set = new Set();
				listeners.set(name, set);
			}
			set.add(listener);
			return () => set.delete(listener);
		},
		emit(name, data) {
			for (const listener of listeners.get(name) ?? []) {
				try {
					listener(data);
				} catch (error) {
					// One failing listener must not stop the others; the bus has no error channel.
					console.error(`Extension event bus listener for "${name}" failed:`, error);
				}
			}
		},
	};
}

function execCommand(
	command: string,
	args: string[],
	options: { signal?: AbortSignal; timeout?: number; cwd?: string },
): Promise<ExecResult> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: options.cwd, signal: options.signal, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		let killed = false;
		const timer =
			options.timeout && options.timeout > 0
				? setTimeout(() => {
						killed = true;
						child.kill("SIGTERM");
					}, options.timeout)
				: undefined;
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		const finish = (code: number) => {
			if (timer) clearTimeout(timer);
			resolve({ stdout, stderr, code, killed: killed || options.signal?.aborted === true });
		};
		child.on("error", (error) => {
			stderr += error.message;
			finish(127);
		});
		child.on("close", (code) => finish(code ?? 1));
	});
}

/** Builds the `pi` object one extension's factory receives. */
export function createExtensionAPI(
	record: ExtensionRecord,
	runner: ExtensionRunner,
	bus: ExtensionEventBus,
): ExtensionAPI {
	return {
		on(event, handler) {
			let list = record.handlers.get(event as ExtensionEventName);
			if (!list) {
				list = [];
				record.handlers.set(event as ExtensionEventName, list);
			}
			const added = handler as AnyExtensionHandler;
			list.push(added);
			runner.markHandlersChanged();
			return () => {
				const current = record.handlers.get(event as ExtensionEventName);
				const index = current?.indexOf(added) ?? -1;
				if (index < 0) return;
				current!.splice(index, 1);
				runner.markHandlersChanged();
			};
		},
		registerTool(tool) {
			// Replacing a built-in tool is a feature (extensions.md §5), so it is not reported.
			const previous = runner.records.find((other) => other !== record && other.tools.has(tool.name));
			// While extensions load, clashes are settled once all have loaded (extension-conflicts.ts).
			if (previous && runner.hasHost)
				runner.diagnostics.push(`Tool "${tool.name}" of ${record.path} replaces the one of ${previous.path}`);
			record.tools.set(tool.name, tool as never);
			// After load the tool is active at once; during load the session picks it up when built.
			if (runner.hasHost)
				runner.host.addTool(wrapExtensionTool(tool as never, runner), activatesOnRegister(tool as never));
		},
		getActiveTools: () => runner.host.getActiveToolNames(),
		getAllTools: () => runner.host.getToolInfos().map(({ callable: _callable, ...info }) => info),
		setActiveTools: (names) => runner.host.setActiveTools(names),
		// Another extension's command of the same name is kept too: both are listed as `/name:1`,
		// `/name:2` (extension-runner.ts). A built-in sharing it is left out once loading ends.
		registerCommand(name, options) {
			record.commands.set(name, options);
		},
		getCommands: (): SlashCommandInfo[] => runner.getCommandInfos(),
		registerShortcut(keyId, options) {
			record.shortcuts.set(keyId, options);
		},
		registerFlag(name, options) {
			record.flags.set(name.replace(/^--?/, ""), options);
		},
		getFlag: (name) => runner.getFlag(name),
		sendMessage(message, options = {}) {
			runner.host.sendCustomMessage(customMessageOf(message), options);
		},
		sendUserMessage(content, options = {}) {
			runner.host.sendUserMessage(content, options);
		},
		appendEntry(customType, data) {
			runner.host.appendEntry(customType, data);
		},
		setSessionName: (name) => runner.host.setSessionName(name),
		getSessionName: () => runner.host.getSessionName(),
		setLabel: (entryId, label) => runner.host.setLabel(entryId, label),
		setModel: (model) => runner.host.setModel(model),
		getThinkingLevel: () => runner.host.thinkingLevel,
		setThinkingLevel: (level) => runner.host.setThinkingLevel(level),
		registerProvider(nameOrProvider: string | Provider, config?: ProviderConfig) {
			if (typeof nameOrProvider === "string") runner.registerProvider(nameOrProvider, config ?? {});
			else runner.registerProviderObject(nameOrProvider);
		},
		unregisterProvider(name) {
			runner.unregisterProvider(name);
		},
		registerVirtualModel(definition) {
			runner.registerVirtualModel(definition);
		},
		unregisterVirtualModel(provider, id) {
			runner.unregisterVirtualModel(provider, id);
		},
		registerMessageRenderer(customType, renderer) {
			record.messageRenderers.set(customType, renderer as MessageRenderer);
		},
		registerEntryRenderer(customType, renderer) {
			record.entryRenderers.set(customType, renderer as EntryRenderer);
		},
		registerToolRenderer(resolver) {
			record.toolRenderers.push(resolver);
		},
		registerMarkdownTransformer(transformer) {
			// One per extension, as in pi 1.4: registering again replaces it.
			record.markdownTransformers.splice(0, record.markdownTransformers.length, transformer);
		},
		getSettings: () => runner.getSettings(),
		exec: (command, args = [], options = {}) => {
			runner.assertActive();
			return execCommand(command, args, {
				...options,
				cwd: options.cwd ?? (runner.hasHost ? runner.host.cwd : undefined),
			});
		},
		events: bus,
		registerMcpServer: (name, config) => runner.mcpServers.register(name, config, record.path),
		unregisterMcpServer: (name) => {
			if (runner.mcpServers.list().some((server) => server.name === name && server.source === record.path))
				runner.mcpServers.unregister(name);
		},
		getMcpServers: () => runner.mcpServers.list(),
		setMcpServerStatuses: (statuses) => runner.mcpServers.setStatuses(statuses),
	};
}

import type { AgentTool } from "@pi/agent-core";
import type { AgentSession } from "../agent-session/agent-session.js";
import type { LoadedResources } from "../resources/resource-loader.js";
import type { ToolAllowance } from "../tools/tool-selection.js";
import type { SystemPromptOptions } from "./extension-events.js";
import type { ExtensionHost } from "./extension-host.js";
import type { ExtensionRunner } from "./extension-runner.js";
import type { NestedToolCallDeps } from "./nested-tool-call.js";
import { resourceCommandInfos } from "./slash-command-info.js";
import { declaredTools, isCallable, type RegisteredTool, toolInfoOf } from "./tool-loadout.js";

/** What the session builder (sdk.ts) gives the host beyond the session itself. */
export interface SessionExtensionHostOptions {
	/** Every tool the session knows by name (built-in, custom, extension); active or not. */
	allTools: Map<string, AgentTool>;
	/** Which tools `--tools`/`--exclude-tools` let register and be declared; all when absent. */
	allowance?: ToolAllowance;
	/** Rebuilds the system prompt from the active tools and resources. */
	refreshSystemPrompt(): void;
	/** Builds (without applying) the system prompt from the active tools and resources. */
	buildSystemPrompt(): string;
	/** The loaded resources the system prompt is built from (for `systemPromptOptions`). */
	getResources(): LoadedResources;
	/** Adds `resources_discover` paths to the resource loader (the caller then reloads). */
	addResourcePaths(paths: { skillPaths: string[]; promptPaths: string[]; themePaths: string[] }): void;
}

/** `before_agent_start`'s `systemPromptOptions`: what the system prompt is built from. */
function systemPromptOptions(
	session: AgentSession,
	runner: ExtensionRunner,
	resources: LoadedResources,
): SystemPromptOptions {
	const tools = session.agent.state.tools;
	return {
		...(resources.customSystemPrompt !== undefined ? { customPrompt: resources.customSystemPrompt } : {}),
		selectedTools: tools.map((tool) => tool.name),
		toolSnippets: Object.fromEntries(
			tools.map((tool) => [tool.name, runner.getToolPromptInfo(tool.name)?.promptSnippet ?? tool.description]),
		),
		promptGuidelines: tools.flatMap((tool) => runner.getToolPromptInfo(tool.name)?.promptGuidelines ?? []),
		...(resources.appendSystemPrompts.length > 0
			? { appendSystemPrompt: resources.appendSystemPrompts.join("\n\n") }
			: {}),
		cwd: session.sessionManager.getCwd(),
		contextFiles: resources.contextFiles.map((file) => ({ path: file.path, content: file.content })),
		skills: resources.skills.map((skill) => ({
			name: skill.name,
			description: skill.description,
			filePath: skill.filePath,
		})),
		sections: {},
	};
}

/** The runner's view of an AgentSession. */
export function createSessionExtensionHost(
	session: AgentSession,
	runner: ExtensionRunner,
	options: SessionExtensionHostOptions,
): ExtensionHost {
	const agent = session.agent;
	// The active set: what the model may be declared. Requests declare it less the declarations a
	// loadout hides (codemode's `only` mode), so it is kept here rather than read from the agent.
	let activeNames = agent.state.tools.map((tool) => tool.name);
	const registry = (): Map<string, RegisteredTool> =>
		new Map(
			[...options.allTools].map(([name, tool]) => {
				const definition = runner.getToolDefinition(name);
				return [name, definition ? { tool, definition } : { tool }];
			}),
		);
	// What `before_agent_start` handlers appended to the built prompt (sections, `<mcp_servers>`):
	// a tool set changed mid-run (tool_search, codemode activation) rebuilds the prompt from
	// scratch, and the run must not lose them.
	let extensionAddition = "";
	const applyTools = () => {
		const declared = declaredTools(registry(), activeNames, runner.context);
		for (const failure of declared.errors) {
			runner.reportError({ extensionPath: failure.toolName, event: "prepare_loadout", error: failure.error });
		}
		agent.state.tools = declared.tools;
		options.refreshSystemPrompt();
		if (extensionAddition) agent.state.systemPrompt += extensionAddition;
	};
	const mayActivate = (name: string) =>
		options.allowance?.mayActivate(
			name,
			runner.getToolDefinition(name)?.exposure ?? "direct",
			options.allTools.has("tool_search"),
		) ?? true;
	const activate = (names: string[]) => {
		activeNames = [...new Set(names)].filter(mayActivate);
		applyTools();
	};
	const toolInfos = () => {
		const active = new Set(activeNames);
		return [...registry().values()].flatMap((registered) => {
			const info = toolInfoOf(registered, active.has(registered.tool.name));
			if (info.exposure === "hidden") return [];
			return [{ ...info, callable: isCallable(info.exposure, info.active) }];
		});
	};
	const nestedDeps: NestedToolCallDeps = {
		runner,
		resolve: (name) => {
			const tool = options.allTools.get(name);
			const definition = runner.getToolDefinition(name);
			const exposure = definition?.exposure ?? "direct";
			if (!tool || exposure === "hidden") return { error: `Tool ${name} not found` };
			if (!isCallable(exposure, activeNames.includes(name))) {
				return {
					error:
						exposure === "direct"
							? `Tool ${name} is not active, so other tools cannot call it`
							: `Tool ${name} cannot be called from other tools (exposure ${exposure})`,
				};
			}
			return { tool };
		},
		emit: (event) => session.emitNestedToolEvent(event),
	};

	return {
		get cwd() {
			return session.sessionManager.getCwd();
		},
		get sessionManager() {
			return session.sessionManager;
		},
		get modelRuntime() {
			return session.modelRuntime;
		},
		get model() {
			return session.model;
		},
		get thinkingLevel() {
			return session.thinkingLevel;
		},
		isIdle: () => !session.isStreaming,
		abort: () => session.abort(),
		hasPendingMessages: () => session.pendingMessageCount > 0,
		getContextUsage: () => session.getContextUsage(),
		compact: (customInstructions) => session.compact(customInstructions),
		getSystemPrompt: () => agent.state.systemPrompt,
		buildSystemPrompt: () => options.buildSystemPrompt(),
		setSystemPrompt: (systemPrompt) => {
			const base = options.buildSystemPrompt();
			extensionAddition = systemPrompt.startsWith(base) ? systemPrompt.slice(base.length) : "";
			agent.state.systemPrompt = systemPrompt;
		},
		getSystemPromptOptions: () => systemPromptOptions(session, runner, options.getResources()),
		isProjectTrusted: () => session.settingsManager.isProjectTrusted(),
		getSettings: () => ({ ...session.settingsManager.getSettings() }),
		waitForIdle: () => session.waitForSettled(),
		reload: () => session.reload(),
		getActiveToolNames: () => activeNames.filter((name) => options.allTools.has(name)),
		getAllTools: () => [...options.allTools.values()],
		setActiveTools: (names) => activate(names.filter((name) => options.allTools.has(name))),
		addTool: (tool, activateIt) => {
			// Left out by --tools or --exclude-tools: not registered, as if never offered.
			if (options.allowance && !options.allowance.allows(tool.name)) return;
			options.allTools.set(tool.name, tool);
			activate(activateIt && !activeNames.includes(tool.name) ? [...activeNames, tool.name] : activeNames);
		},
		getToolInfos: toolInfos,
		refreshTools: applyTools,
		// Loaded with the first nested call (codemode, extensions calling tools), not with every session.
		executeTool: async (request) => (await import("./nested-tool-call.js")).runNestedToolCall(nestedDeps, request),
		sendCustomMessage: (message, sendOptions) => {
			const deliverAs = sendOptions.deliverAs;
			if (deliverAs === "nextTurn") {
				runner.holdForNextTurn(message);
				return;
			}
			if (session.isStreaming) {
				if (deliverAs === "followUp") agent.followUp(message);
				else agent.steer(message);
				return;
			}
			session.sendCustomMessage(message, { triggerTurn: sendOptions.triggerTurn === true }).catch((error: unknown) =>
				runner.reportError({
					extensionPath: "sendMessage",
					event: "agent_start",
					error: error instanceof Error ? error.message : String(error),
				}),
			);
		},
		sendUserMessage: (content, sendOptions) => {
			const text =
				typeof content === "string"
					? content
					: content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
			const images = typeof content === "string" ? [] : content.filter((block) => block.type === "image");
			if (session.isStreaming && !sendOptions.deliverAs) {
				throw new Error("sendUserMessage while the agent is streaming needs deliverAs: 'steer' or 'followUp'.");
			}
			session
				.prompt(text, {
					images,
					source: "extension",
					...(sendOptions.deliverAs ? { streamingBehavior: sendOptions.deliverAs } : {}),
				})
				.catch((error: unknown) =>
					runner.reportError({
						extensionPath: "sendUserMessage",
						event: "input",
						error: error instanceof Error ? error.message : String(error),
					}),
				);
		},
		appendEntry: (customType, data) => session.appendCustomEntry(customType, data),
		setSessionName: (name) => session.setSessionName(name),
		getSessionName: () => session.sessionName,
		setLabel: (entryId, label) => {
			session.sessionManager.appendLabelChange(entryId, label);
		},
		setModel: async (model) => {
			if (!(await session.modelRuntime.hasAuth(model.provider))) return false;
			session.setModel(model);
			return true;
		},
		setThinkingLevel: (level) => session.setThinkingLevel(level),
		getResourceCommands: () => resourceCommandInfos(session.promptTemplates, session.skills),
		addResourcePaths: async (paths) => {
			options.addResourcePaths(paths);
			// Theme paths only matter to the TUI, which reads them from the loader; no prompt change.
			if (paths.skillPaths.length > 0 || paths.promptPaths.length > 0) await session.reload();
		},
	};
}

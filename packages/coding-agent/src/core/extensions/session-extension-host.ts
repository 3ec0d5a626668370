import type { AgentTool } from "@pi/agent-core";
import type { AgentSession } from "../agent-session/agent-session.js";
import type { LoadedResources } from "../resources/resource-loader.js";
import type { SystemPromptOptions } from "./extension-events.js";
import type { ExtensionHost } from "./extension-host.js";
import type { ExtensionRunner } from "./extension-runner.js";
import { resourceCommandInfos } from "./slash-command-info.js";

/** What the session builder (sdk.ts) gives the host beyond the session itself. */
export interface SessionExtensionHostOptions {
	/** Every tool the session knows by name (built-in, custom, extension); active or not. */
	allTools: Map<string, AgentTool>;
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
	};
}

/** The runner's view of an AgentSession. */
export function createSessionExtensionHost(
	session: AgentSession,
	runner: ExtensionRunner,
	options: SessionExtensionHostOptions,
): ExtensionHost {
	const agent = session.agent;
	const activate = (names: string[]) => {
		agent.state.tools = names.flatMap((name) => options.allTools.get(name) ?? []);
		options.refreshSystemPrompt();
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
			agent.state.systemPrompt = systemPrompt;
		},
		getSystemPromptOptions: () => systemPromptOptions(session, runner, options.getResources()),
		isProjectTrusted: () => session.settingsManager.isProjectTrusted(),
		getSettings: () => ({ ...session.settingsManager.getSettings() }),
		waitForIdle: () => session.waitForSettled(),
		reload: () => session.reload(),
		getActiveToolNames: () => agent.state.tools.map((tool) => tool.name),
		getAllTools: () => [...options.allTools.values()],
		setActiveTools: (names) => activate(names.filter((name) => options.allTools.has(name))),
		addTool: (tool) => {
			options.allTools.set(tool.name, tool);
			const names = agent.state.tools.map((active) => active.name);
			activate(names.includes(tool.name) ? names : [...names, tool.name]);
		},
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
		appendEntry: (customType, data) => {
			session.sessionManager.appendCustomEntry(customType, data);
		},
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

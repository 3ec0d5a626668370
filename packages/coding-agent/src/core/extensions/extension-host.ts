// What the runner needs from the session it serves. `createSessionExtensionHost` implements it
// over an AgentSession; tests may implement it directly.
import type { AgentMessage, AgentTool, ThinkingLevel } from "@pi/agent-core";
import type { ImageContent, Model, TextContent } from "@pi/ai";
import type { ContextUsage } from "../agent-session/session-stats.js";
import type { Settings } from "../config/settings-types.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { ReadonlySessionManager } from "../session/readonly-session-manager.js";
import type { SendMessageOptions, SlashCommandInfo } from "./extension-api.js";
import type { CustomMessageInput, SystemPromptOptions } from "./extension-events.js";

export interface ExtensionHost {
	readonly cwd: string;
	readonly sessionManager: ReadonlySessionManager;
	readonly modelRuntime: ModelRuntime;
	readonly model: Model | undefined;
	readonly thinkingLevel: ThinkingLevel;
	isIdle(): boolean;
	abort(): Promise<void>;
	hasPendingMessages(): boolean;
	getContextUsage(): ContextUsage | undefined;
	compact(customInstructions?: string): Promise<unknown>;
	getSystemPrompt(): string;
	/** The system prompt as built from tools and resources, before `before_agent_start` changes. */
	buildSystemPrompt(): string;
	/** Sets the system prompt of the run about to start. */
	setSystemPrompt(systemPrompt: string): void;
	getSystemPromptOptions(): SystemPromptOptions;
	isProjectTrusted(): boolean;
	/** The merged settings in effect. */
	getSettings(): Settings;
	waitForIdle(): Promise<void>;
	reload(): Promise<void>;
	/** Tools: the agent's active tools and every tool known to the session. */
	getActiveToolNames(): string[];
	getAllTools(): AgentTool[];
	setActiveTools(names: string[]): void;
	/** Adds (or replaces by name) a tool and activates it. */
	addTool(tool: AgentTool): void;
	sendCustomMessage(message: AgentMessage & { role: "custom" }, options: SendMessageOptions): void;
	sendUserMessage(
		content: string | (TextContent | ImageContent)[],
		options: { deliverAs?: "steer" | "followUp" },
	): void;
	appendEntry(customType: string, data: unknown): void;
	setSessionName(name: string): void;
	getSessionName(): string | undefined;
	setLabel(entryId: string, label: string | undefined): void;
	setModel(model: Model): Promise<boolean>;
	setThinkingLevel(level: ThinkingLevel): void;
	/** Adds skill and prompt-template paths contributed by `resources_discover`, then reloads them. */
	/** Prompt templates then skills, as `getCommands()` entries. */
	getResourceCommands(): SlashCommandInfo[];
	addResourcePaths(paths: { skillPaths: string[]; promptPaths: string[]; themePaths: string[] }): Promise<void>;
}

/** Builds the stored message of `pi.sendMessage`. */
export function customMessageOf(input: CustomMessageInput): AgentMessage & { role: "custom" } {
	return {
		role: "custom",
		customType: input.customType,
		content: input.content,
		display: input.display,
		...(input.details !== undefined ? { details: input.details } : {}),
		timestamp: Date.now(),
	};
}

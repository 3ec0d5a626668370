import type { Agent } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ExtensionRunnerSeam, InputSource } from "../extensions/extension-runner-seam.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { PromptTemplate } from "../resources/prompt-templates.js";
import type { LoadedResources } from "../resources/resource-loader.js";
import type { Skill } from "../resources/skills.js";
import type { SessionManager } from "../session/session-manager.js";
import type { PromptDisposition } from "./agent-session-events.js";
import type { CacheWarmer } from "./cache-warmer.js";
import type { ScopedModel } from "./session-model-control.js";

/** The error `prompt()` rejects with while a run is in progress and no streamingBehavior was given. */
export const ALREADY_PROCESSING_MESSAGE =
	"Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";

/** Options of `AgentSession.prompt`. */
export interface PromptOptions {
	images?: ImageContent[];
	streamingBehavior?: "steer" | "followUp";
	/** Default true. */
	expandPromptTemplates?: boolean;
	/** Default "interactive". */
	source?: InputSource;
	/** Called once per accepted prompt with its disposition, before `prompt()` resolves. */
	preflightResult?: (disposition: PromptDisposition) => void;
}

/** Construction options of an AgentSession (built by `createAgentSession`). */
export interface AgentSessionConfig {
	agent: Agent;
	sessionManager: SessionManager;
	settingsManager: SettingsManager;
	modelRuntime: ModelRuntime;
	skills?: Skill[];
	promptTemplates?: PromptTemplate[];
	scopedModels?: ScopedModel[];
	extensionRunner?: ExtensionRunnerSeam;
	/** Rebuilds the system prompt (after model or tool changes). */
	rebuildSystemPrompt?: () => string;
	/** Re-run by `reload()` to pick up changed skills, templates and context files. */
	resourceLoader?: { load(): LoadedResources };
	/** Whether `/skill:name` commands expand (setting `enableSkillCommands`). */
	enableSkillCommands?: boolean;
	/** Shell for `executeBash`. */
	shellPath?: string;
	shellCommandPrefix?: string;
	/** pi 1.4's prompt-cache warming; told when runs settle, cancelled on dispose. */
	cacheWarmer?: CacheWarmer;
}

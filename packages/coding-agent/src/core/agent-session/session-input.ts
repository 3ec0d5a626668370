import type { Agent, AgentMessage } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { ExtensionErrorReport } from "../extensions/extension-bindings.js";
import type { ExtensionRunnerSeam, InputSource } from "../extensions/extension-runner-seam.js";
import type { CustomMessage } from "../messages.js";
import type { ModelRuntime } from "../models/model-runtime.js";
import type { PromptTemplate } from "../resources/prompt-templates.js";
import type { Skill } from "../resources/skills.js";
import { resizeImageContents } from "../tools/image-resize.js";
import { ALREADY_PROCESSING_MESSAGE, type PromptOptions } from "./agent-session-config.js";
import type { AgentSessionEvent, QueuedInputDisposition } from "./agent-session-events.js";
import { checkCanPrompt, expandInput, findExtensionCommand } from "./input-expansion.js";
import type { SessionBash } from "./session-bash.js";
import type { SessionCompactor } from "./session-compactor.js";
import type { SessionContext } from "./session-context.js";
import { type SessionQueues, userMessage } from "./session-queues.js";
import type { SessionRun } from "./session-run.js";

/** The session fields the pipeline reads on every call (hosts may swap them). */
export interface SessionInputView {
	readonly agent: Agent;
	readonly extensionRunner: ExtensionRunnerSeam;
	readonly skills: readonly Skill[];
	readonly promptTemplates: readonly PromptTemplate[];
	readonly model: Model | undefined;
	readonly modelRuntime: ModelRuntime;
	/** Setting `images.autoResize` (default on). */
	readonly settingsManager?: Pick<SettingsManager, "getImageSettings">;
}

/** Prompt images encoded for the model of the moment (pi 1.4's `inputLimits.images.resize`). */
function imagePreparer(session: SessionInputView): ((images: ImageContent[]) => Promise<ImageContent[]>) | undefined {
	if (session.settingsManager && !session.settingsManager.getImageSettings().autoResize) return undefined;
	return (images) => resizeImageContents(images, session.model?.inputLimits?.images?.resize);
}

/** What the input pipeline needs. */
export interface SessionInputHost {
	readonly session: SessionInputView;
	readonly run: SessionRun;
	/** Stores messages outside a run (persisted and appended to the context). */
	readonly context: SessionContext;
	readonly queues: SessionQueues;
	readonly compactor: SessionCompactor;
	readonly bash: SessionBash;
	/** An extension command failed after its "handled" was reported. */
	reportExtensionError(extensionPath: string, error: unknown): void;
}

/**
 * The prompt preflight of rpc.md §9.1.1 (command → input event → expansion → queue if busy →
 * bash flush → model and auth → compaction check → "started") and the steer/follow-up path.
 */
export class SessionInput {
	constructor(private readonly host: SessionInputHost) {}

	async prompt(text: string, options: PromptOptions): Promise<void> {
		const host = this.host;
		const session = host.session;
		const command = findExtensionCommand(text, session.extensionRunner);
		if (command) {
			options.preflightResult?.("handled");
			try {
				await command.command.handler(command.args);
			} catch (error) {
				// After "handled" a failure travels as an error report, never as a rejection (sdk.md §5).
				host.reportExtensionError(command.command.extensionPath ?? `/${command.command.name}`, error);
			}
			return;
		}
		const expanded = await expandInput(text, options.images ?? [], {
			runner: session.extensionRunner,
			source: options.source ?? "interactive",
			skills: session.skills,
			templates: options.expandPromptTemplates === false ? [] : session.promptTemplates,
			...(options.streamingBehavior ? { streamingBehavior: options.streamingBehavior } : {}),
			prepareImages: imagePreparer(session),
		});
		if (expanded === "handled") {
			options.preflightResult?.("handled");
			return;
		}
		const run = host.run;
		if (run.isBusy) {
			if (!options.streamingBehavior) throw new Error(ALREADY_PROCESSING_MESSAGE);
			host.queues.add(options.streamingBehavior === "steer" ? "steering" : "followUp", expanded.text, expanded.images);
			options.preflightResult?.("queued");
			return;
		}
		run.accept();
		let injected: AgentMessage[] = [];
		try {
			// A manual compaction rewrites the Agent's messages; a run must not start under it.
			await host.compactor.waitForIdle();
			await checkCanPrompt(session.model, (provider) => session.modelRuntime.checkAuth(provider));
			run.assertNotAborted();
			host.bash.flushPending();
			await run.compactBeforePrompt();
			// before_agent_start: extension messages (and held nextTurn ones) follow the user's message.
			injected =
				(await session.extensionRunner.emitBeforeAgentStart?.({
					messageType: "user",
					prompt: expanded.text,
					images: expanded.images,
				})) ?? [];
			// An abort from a before_agent_start handler still stops the prompt before "started".
			run.assertNotAborted();
		} catch (error) {
			run.reject();
			throw error;
		}
		const message = userMessage(expanded.text, expanded.images);
		options.preflightResult?.("started");
		await run.start(() => session.agent.prompt(injected.length > 0 ? [message, ...injected] : message));
	}

	/** A custom message outside a run (extensions' `sendMessage`); `triggerTurn` runs from it. */
	async sendCustomMessage(
		message: CustomMessage,
		triggerTurn: boolean,
		emit: (event: AgentSessionEvent) => void,
	): Promise<void> {
		const { session, run } = this.host;
		this.host.context.append(message);
		emit({ type: "message_start", message });
		emit({ type: "message_end", message });
		if (!triggerTurn || run.isBusy) return;
		run.accept();
		try {
			await checkCanPrompt(session.model, (provider) => session.modelRuntime.checkAuth(provider));
			run.assertNotAborted();
			// before_agent_start (messageType "custom"): its messages follow the custom one.
			const injected = (await session.extensionRunner.emitBeforeAgentStart?.({ messageType: "custom", message })) ?? [];
			run.assertNotAborted();
			for (const extra of injected) {
				this.host.context.append(extra);
				emit({ type: "message_start", message: extra });
				emit({ type: "message_end", message: extra });
			}
		} catch (error) {
			run.reject();
			throw error;
		}
		await run.start(() => session.agent.continue());
	}

	async queue(
		kind: "steering" | "followUp",
		text: string,
		images: ImageContent[],
		source: InputSource = "interactive",
	): Promise<QueuedInputDisposition> {
		const { session, queues } = this.host;
		const command = findExtensionCommand(text, session.extensionRunner);
		if (command) {
			throw new Error(
				`Extension command "/${command.command.name}" cannot be queued. Use prompt() or execute the command when not streaming.`,
			);
		}
		const expanded = await expandInput(text, images, {
			runner: session.extensionRunner,
			source,
			streamingBehavior: kind === "steering" ? "steer" : "followUp",
			skills: session.skills,
			templates: session.promptTemplates,
			prepareImages: imagePreparer(session),
		});
		if (expanded === "handled") return "handled";
		queues.add(kind, expanded.text, expanded.images);
		return "queued";
	}
}

/** Reports a command failure to the mode's error channel (or stderr when none is bound). */
export function reportCommandError(
	onError: ((report: ExtensionErrorReport) => void) | undefined,
	extensionPath: string,
	error: unknown,
): void {
	const report = { extensionPath, event: "command", error: error instanceof Error ? error.message : String(error) };
	if (onError) onError(report);
	else console.error(`Extension command ${extensionPath} failed: ${report.error}`);
}

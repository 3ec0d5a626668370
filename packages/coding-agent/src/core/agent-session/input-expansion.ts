import type { ImageContent, Model } from "@pi/ai";
import type { ExtensionCommand, ExtensionRunnerSeam, InputSource } from "../extensions/extension-runner-seam.js";
import { expandPromptTemplate, type PromptTemplate } from "../resources/prompt-templates.js";
import { expandSkillCommand, type Skill } from "../resources/skills.js";
import { PiUserError } from "../user-error.js";

/** `/name args` naming a registered extension command. */
export function findExtensionCommand(
	text: string,
	runner: ExtensionRunnerSeam,
): { command: ExtensionCommand; args: string } | undefined {
	const match = /^\/([^\s]+)(?:\s+([\s\S]*))?$/.exec(text);
	if (!match) return undefined;
	const command = runner.getCommand(match[1]!);
	return command ? { command, args: match[2] ?? "" } : undefined;
}

/**
 * Steps 2–3 of the prompt preflight (rpc.md §9.1.1): the `input` event (which may consume or
 * transform the text), then `/skill:` and prompt-template expansion. "handled" when an input
 * handler consumed it.
 */
export async function expandInput(
	text: string,
	images: ImageContent[],
	options: {
		runner: ExtensionRunnerSeam;
		source: InputSource;
		skills: readonly Skill[];
		templates: readonly PromptTemplate[];
		/** How the text will be delivered while streaming (reported in the `input` event). */
		streamingBehavior?: "steer" | "followUp";
		/** Encodes the (possibly transformed) images for the current model before they are stored. */
		prepareImages?: (images: ImageContent[]) => Promise<ImageContent[]>;
	},
): Promise<{ text: string; images: ImageContent[] } | "handled"> {
	let current = { text, images };
	if (options.runner.hasInputHandlers()) {
		const result = await options.runner.emitInput(text, images, options.source, options.streamingBehavior);
		if (result.action === "handled") return "handled";
		if (result.action === "transform") current = { text: result.text, images: result.images ?? images };
	}
	const skills = new Map(options.skills.map((skill) => [skill.name, skill]));
	const expandedSkill = expandSkillCommand(current.text, skills).text;
	const templates = new Map(options.templates.map((template) => [template.name, template]));
	// After the `input` handlers, so images an extension added or replaced are encoded too (as in pi 1.4).
	const prepared =
		options.prepareImages && current.images.length > 0 ? await options.prepareImages(current.images) : current.images;
	return { text: expandPromptTemplate(expandedSkill, templates), images: prepared };
}

/** Steps 6–7 of the preflight (rpc.md §9.1.1): a model is selected and its provider has credentials. */
export async function checkCanPrompt(
	model: Model | undefined,
	checkAuth: (provider: string) => Promise<boolean | { failed: string }>,
): Promise<void> {
	if (!model) {
		throw new PiUserError(
			"no_model_selected",
			"No model selected. Set a provider's API key (e.g. ANTHROPIC_API_KEY), or choose a model: --model or /model in pi, setModel() in the SDK, or defaultProvider and defaultModel in settings.json.",
		);
	}
	const auth = await checkAuth(model.provider);
	// A stored sign-in whose refresh failed is not a missing key: say what failed (offline, clock, revoked).
	if (typeof auth === "object") throw new PiUserError("credential_failed", auth.failed);
	if (!auth) {
		throw new PiUserError(
			"no_api_key",
			`No API key found for ${model.provider}. Set its API key environment variable, run \`pi auth set ${model.provider}\`, or pass --api-key.`,
		);
	}
}

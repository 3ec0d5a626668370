import type { AgentTool } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { applyEdits } from "./apply-edits.js";
import { isBinarySample } from "./content-sniffing.js";
import { fileAccessError } from "./file-errors.js";
import { withFileMutationQueue } from "./file-mutation-queue.js";
import { detectLineEnding, restoreLineEndings, stripBom, toLF } from "./line-endings.js";
import { createLocalEditOperations, type EditOperations } from "./mutation-operations.js";
import { startToolCall, throwIfAborted } from "./tool-target.js";

const textEditSchema = Type.Object({
	oldText: Type.String({ description: "Exact text to replace; must occur exactly once in the file" }),
	newText: Type.String({ description: "Text to put in its place" }),
});

/** Parameters of the `edit` tool. */
export const editToolSchema = Type.Object({
	path: Type.String({ description: "Path to the file to edit (relative to the working directory, or absolute)" }),
	edits: Type.Array(textEditSchema, {
		minItems: 1,
		description: "Replacements, all located in the original file; they must not overlap",
	}),
});
export type EditToolInput = Static<typeof editToolSchema>;

/** `details` of an `edit` result. */
export interface EditToolDetails {
	/** Line-numbered diff of the change (format: edit-diff.ts). */
	diff: string;
	/** First changed line (1-based) in the new file. */
	firstChangedLine?: number;
}

/** Options of {@link createEditTool}. */
export interface EditToolOptions {
	/** File access. Default: the local file system. */
	operations?: EditOperations;
}

/**
 * The `edit` tool (configuration.md §8): exact text replacement with a uniqueness check, several
 * edits per call, fuzzy fallback (fuzzy-match.ts), BOM and line-ending style preserved, serialised
 * with `write` per real path. Refuses binary and non-UTF-8 files, whose bytes a rewrite would corrupt.
 */
export function createEditTool(
	cwd: string,
	options: EditToolOptions = {},
): AgentTool<typeof editToolSchema, EditToolDetails> {
	const operations = options.operations ?? createLocalEditOperations();
	return {
		name: "edit",
		label: "edit",
		description:
			"Edit a file by exact text replacement. Each edits[].oldText must match the file exactly (including whitespace and newlines) and occur exactly once; include enough surrounding lines to make it unique. Several non-overlapping edits to one file can be made in one call. Read the file first.",
		parameters: editToolSchema,
		prepareArguments: normalizeEditArguments,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath } = startToolCall(params.path, cwd, signal, "existing");
			return withFileMutationQueue(absolutePath, async () => {
				const original = await readEditableText(operations, absolutePath, displayPath);
				const { bom, text } = stripBom(original);
				const lineEnding = detectLineEnding(text);
				const content = toLF(text);
				const applied = applyEdits(content, params.edits, displayPath);
				throwIfAborted(signal);
				try {
					await operations.writeFile(absolutePath, bom + restoreLineEndings(applied.newContent, lineEnding));
				} catch (error) {
					throw fileAccessError(error, displayPath);
				}
				// Loaded on the first edit: the diff library stays out of every start-up.
				const { generateDiffString } = await import("./edit-diff.js");
				const { diff, firstChangedLine } = generateDiffString(content, applied.newContent);
				return {
					content: [{ type: "text", text: `Successfully replaced ${params.edits.length} block(s) in ${displayPath}.` }],
					details: { diff, firstChangedLine },
				};
			});
		},
	};
}

/**
 * Accepts the legacy single-edit form `{ path, oldText, newText }` and a few loose shapes models
 * produce (`edits` as a JSON string or a single object), returning `{ path, edits: [...] }`.
 */
export function normalizeEditArguments(raw: Record<string, unknown>): Record<string, unknown> {
	const { oldText, newText, ...rest } = raw;
	let edits = rest.edits;
	if (typeof edits === "string") {
		try {
			edits = JSON.parse(edits);
		} catch {
			// Not JSON: leave it for schema validation to reject with a clear message.
		}
	}
	if (edits !== null && typeof edits === "object" && !Array.isArray(edits)) edits = [edits];
	if (edits === undefined && (typeof oldText === "string" || typeof newText === "string")) {
		edits = [{ oldText, newText }];
	}
	return edits === undefined ? rest : { ...rest, edits };
}

async function readEditableText(
	operations: EditOperations,
	absolutePath: string,
	displayPath: string,
): Promise<string> {
	let bytes: Uint8Array;
	try {
		bytes = await operations.readFile(absolutePath);
	} catch (error) {
		throw fileAccessError(error, displayPath);
	}
	if (isBinarySample(bytes.subarray(0, 8192))) throw new Error(`Cannot edit binary file: ${displayPath}`);
	try {
		return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
	} catch {
		throw new Error(
			`Cannot edit ${displayPath}: it is not valid UTF-8 text, and rewriting it would corrupt its bytes. Use bash (e.g. sed) to change it, or write to replace it entirely.`,
		);
	}
}

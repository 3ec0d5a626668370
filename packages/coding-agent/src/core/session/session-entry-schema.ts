import { type TSchema, Type } from "@sinclair/typebox";
import { type TypeCheck, TypeCompiler } from "@sinclair/typebox/compiler";
import type { SessionEntry, SessionHeader } from "./session-types.js";

/**
 * Validation of what a session file says before it is trusted (CONVENTIONS §15): the header, and
 * each entry by its type. Only the fields the readers rely on are checked and extra fields are
 * allowed, so files from newer versions still load; an entry of an unknown type needs only the
 * base fields (sessions.md §8: unknown entries are kept, ignored for context).
 */

const Content = Type.Union([Type.String(), Type.Array(Type.Object({ type: Type.String() }))]);

const BLOCKS: Record<string, TSchema> = {
	text: Type.Object({ type: Type.Literal("text"), text: Type.String() }),
	image: Type.Object({ type: Type.Literal("image"), data: Type.String(), mimeType: Type.String() }),
	thinking: Type.Object({ type: Type.Literal("thinking"), thinking: Type.String() }),
	toolCall: Type.Object({ type: Type.Literal("toolCall"), id: Type.String(), name: Type.String() }),
};

const MESSAGES: Record<string, TSchema> = {
	user: Type.Object({ role: Type.Literal("user"), content: Content }),
	assistant: Type.Object({
		role: Type.Literal("assistant"),
		content: Type.Array(Type.Object({ type: Type.String() })),
	}),
	toolResult: Type.Object({
		role: Type.Literal("toolResult"),
		toolCallId: Type.String(),
		content: Type.Array(Type.Object({ type: Type.String() })),
	}),
	bashExecution: Type.Object({ role: Type.Literal("bashExecution"), command: Type.String(), output: Type.String() }),
	custom: Type.Object({ role: Type.Literal("custom"), customType: Type.String(), content: Content }),
	branchSummary: Type.Object({ role: Type.Literal("branchSummary"), summary: Type.String() }),
	compactionSummary: Type.Object({ role: Type.Literal("compactionSummary"), summary: Type.String() }),
};

const Base = Type.Object({
	type: Type.String(),
	id: Type.String({ minLength: 1 }),
	parentId: Type.Union([Type.String(), Type.Null()]),
});

const ENTRIES: Record<string, TSchema> = {
	message: Type.Object({ message: Type.Object({ role: Type.String() }) }),
	model_change: Type.Object({ provider: Type.String(), modelId: Type.String() }),
	thinking_level_change: Type.Object({ thinkingLevel: Type.String() }),
	compaction: Type.Object({
		summary: Type.String(),
		firstKeptEntryId: Type.String(),
		tokensBefore: Type.Number(),
		retainedTail: Type.Optional(Type.Array(Type.Object({ role: Type.String() }))),
	}),
	branch_summary: Type.Object({ fromId: Type.String(), summary: Type.String() }),
	custom: Type.Object({ customType: Type.String() }),
	custom_message: Type.Object({ customType: Type.String(), content: Content, display: Type.Boolean() }),
	label: Type.Object({ targetId: Type.String(), label: Type.Optional(Type.String()) }),
	session_info: Type.Object({ name: Type.Optional(Type.String()) }),
	usage: Type.Object({
		kind: Type.String(),
		usage: Type.Object({
			input: Type.Number(),
			output: Type.Number(),
			cacheRead: Type.Number(),
			cacheWrite: Type.Number(),
			cost: Type.Object({ total: Type.Number() }),
		}),
	}),
	context_edit: Type.Object({
		targetId: Type.String(),
		replacement: Type.Union([Type.Object({ content: Content }), Content, Type.Null()]),
	}),
};

const Header = Type.Object({
	type: Type.Literal("session"),
	id: Type.String({ minLength: 1 }),
	cwd: Type.String({ minLength: 1 }),
	version: Type.Optional(Type.Number()),
	timestamp: Type.Optional(Type.String()),
	parentSession: Type.Optional(Type.String()),
});

/** Why `value` is not a usable session header, or undefined when it is one. */
export function sessionHeaderProblem(value: unknown): string | undefined {
	return problem(Header, value, "header");
}

/** Type guard over {@link sessionHeaderProblem}. */
export function isSessionHeader(value: unknown): value is SessionHeader {
	return sessionHeaderProblem(value) === undefined;
}

/** Why `value` is not a usable entry, or undefined when it is one (unknown types need the base only). */
export function sessionEntryProblem(value: unknown): string | undefined {
	const base = problem(Base, value, "entry");
	if (base !== undefined) return base;
	const entry = value as { type: string; message?: unknown };
	const schema = ENTRIES[entry.type];
	if (schema === undefined) return undefined;
	const own = problem(schema, value, entry.type);
	if (own !== undefined) return own;
	if (entry.type === "message") return messageProblem(entry.message);
	if (entry.type === "custom_message") return blocksProblem((value as { content: unknown }).content, "custom_message");
	return undefined;
}

/** Narrows `value` to a SessionEntry when {@link sessionEntryProblem} finds nothing wrong. */
export function isSessionEntry(value: unknown): value is SessionEntry {
	return sessionEntryProblem(value) === undefined;
}

function messageProblem(message: unknown): string | undefined {
	const role = (message as { role: string }).role;
	const schema = MESSAGES[role];
	// Roles added by extensions (CustomAgentMessages) are kept as they are.
	if (schema === undefined) return undefined;
	return (
		problem(schema, message, `message (${role})`) ?? blocksProblem((message as { content?: unknown }).content, role)
	);
}

function blocksProblem(content: unknown, owner: string): string | undefined {
	if (!Array.isArray(content)) return undefined;
	for (const [index, block] of content.entries()) {
		const schema = BLOCKS[(block as { type: string }).type];
		if (schema === undefined) continue;
		const found = problem(schema, block, `${owner} content[${index}]`);
		if (found !== undefined) return found;
	}
	return undefined;
}

// Compiled once per schema on first use: opening a 50,000-entry session checks every entry.
const compiled = new Map<TSchema, TypeCheck<TSchema>>();

function problem(schema: TSchema, value: unknown, what: string): string | undefined {
	let check = compiled.get(schema);
	if (check === undefined) {
		check = TypeCompiler.Compile(schema);
		compiled.set(schema, check);
	}
	if (check.Check(value)) return undefined;
	const first = check.Errors(value).First();
	if (first === undefined) return `invalid ${what}`;
	const field = first.path === "" ? "" : ` field ${first.path.slice(1).replaceAll("/", ".")}`;
	return `invalid ${what}:${field} ${first.message.toLowerCase()}`.replace(":  ", ": ");
}

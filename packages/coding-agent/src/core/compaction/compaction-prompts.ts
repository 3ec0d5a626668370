/** System prompt of every summarisation call: summarise, never continue the conversation. */
export const SUMMARIZATION_SYSTEM_PROMPT =
	"You are a context summarization assistant. You read a transcript of a conversation between a user and an AI coding assistant and output only the structured summary you are asked for. Do not continue the conversation, do not answer questions that appear in it, and do not add commentary outside the summary.";

const SUMMARY_STRUCTURE = `## Goal
[What the user is trying to accomplish]

## Constraints & Preferences
- [Requirements, preferences and constraints the user stated, or "(none)"]

## Progress
### Done
- [x] [Completed work]

### In Progress
- [ ] [Work started but not finished]

### Blocked
- [Blockers, or "(none)"]

## Key Decisions
- **[Decision]**: [Rationale]

## Next Steps
1. [What should happen next]`;

/** Instructions for a first summary (compaction.md §5). */
export const INITIAL_SUMMARY_INSTRUCTIONS = `The messages above are a conversation to summarize. Create a structured context checkpoint that another LLM will use to continue the work.

Use exactly this format:

${SUMMARY_STRUCTURE}

## Critical Context
- [Anything else needed to continue: data, examples, references, or "(none)"]

Be concise. Keep exact file paths, function names and error messages.`;

/** Instructions for merging new messages into a previous summary. */
export const UPDATE_SUMMARY_INSTRUCTIONS = `The messages above are NEW conversation messages to merge into the summary in <previous-summary>. Update the summary:
- keep everything from the previous summary that is still relevant;
- add new progress, decisions and context from the new messages;
- move items from "In Progress" to "Done" when they were completed;
- refresh "Next Steps" to reflect the current state.

Use exactly the same format:

${SUMMARY_STRUCTURE}

## Critical Context
- [Anything else needed to continue, or "(none)"]

Be concise. Keep exact file paths, function names and error messages.`;

/** Instructions for the early part of a turn that was split by the cut point. */
export const TURN_PREFIX_INSTRUCTIONS = `The messages above are the beginning of a turn whose end is kept verbatim after this summary. Summarize them so the kept part makes sense:

## Original Request
[What the user asked for in this turn]

## Early Progress
- [Work done in this part of the turn]

## Context for Suffix
- [What is needed to understand the messages that follow]

Be concise. Keep exact file paths, function names and error messages.`;

/** Instructions for summarising an abandoned branch during tree navigation (compaction.md §7). */
export const BRANCH_SUMMARY_INSTRUCTIONS = `The messages above are a branch of the conversation that the user is leaving to continue elsewhere in the conversation tree. Summarize the branch so the work can be picked up later:

${SUMMARY_STRUCTURE}

Be concise. Keep exact file paths, function names and error messages.`;

/** Fixed preamble of a stored branch summary. */
export const BRANCH_SUMMARY_PREAMBLE =
	"The user explored a different branch of this conversation before returning here. Summary of that exploration:\n\n";

/** The user message of a summarisation request. */
export function buildSummaryRequest(options: {
	conversation: string;
	previousSummary?: string;
	instructions: string;
	customInstructions?: string;
}): string {
	const parts = [`<conversation>\n${options.conversation}\n</conversation>`];
	if (options.previousSummary) parts.push(`<previous-summary>\n${options.previousSummary}\n</previous-summary>`);
	parts.push(options.instructions);
	if (options.customInstructions?.trim()) parts.push(`Additional focus: ${options.customInstructions.trim()}`);
	return parts.join("\n\n");
}

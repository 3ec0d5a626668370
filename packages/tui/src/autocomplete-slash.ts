/**
 * Slash-command completion: command names while the first line is `/partial`, then the
 * command's own argument completions after `/name `.
 */
import type { AutocompleteItem, AutocompleteSuggestions, SlashCommand } from "./autocomplete-types.js";
import { fuzzyMatch } from "./fuzzy.js";

/** Suggestions for `textBeforeCursor` on the first line, or `null` when it is not a slash command. */
export function getSlashSuggestions(
	commands: readonly SlashCommand[],
	textBeforeCursor: string,
): AutocompleteSuggestions | null {
	if (!textBeforeCursor.startsWith("/")) return null;
	const spaceIndex = textBeforeCursor.indexOf(" ");
	if (spaceIndex === -1) {
		const items = matchCommandNames(commands, textBeforeCursor.slice(1));
		return items.length > 0 ? { items, prefix: textBeforeCursor } : null;
	}
	const name = textBeforeCursor.slice(1, spaceIndex);
	const command = commands.find((candidate) => candidate.name === name);
	if (!command?.getArgumentCompletions) return null;
	const argumentPrefix = textBeforeCursor.slice(spaceIndex + 1);
	const items = command.getArgumentCompletions(argumentPrefix);
	return items && items.length > 0 ? { items, prefix: argumentPrefix } : null;
}

/**
 * Command names matching `query`: prefix matches first (in the given order), then other
 * fuzzy matches by score. Item values are the bare names (no slash).
 */
export function matchCommandNames(commands: readonly SlashCommand[], query: string): AutocompleteItem[] {
	const lowerQuery = query.toLowerCase();
	const prefixMatches: SlashCommand[] = [];
	const fuzzyMatches: { command: SlashCommand; score: number }[] = [];
	for (const command of commands) {
		if (command.name.toLowerCase().startsWith(lowerQuery)) {
			prefixMatches.push(command);
			continue;
		}
		const match = fuzzyMatch(query, command.name);
		if (match) fuzzyMatches.push({ command, score: match.score });
	}
	fuzzyMatches.sort((a, b) => b.score - a.score);
	return [...prefixMatches, ...fuzzyMatches.map((entry) => entry.command)].map(toItem);
}

function toItem(command: SlashCommand): AutocompleteItem {
	const item: AutocompleteItem = { value: command.name, label: command.name };
	if (command.description) item.description = command.description;
	return item;
}

import { formatSize, type TruncationInfo, toTruncationInfo, truncateHead } from "./truncate.js";

/**
 * The shared tail of find and ls output: the list head-truncated at 50 KiB, then one bracketed
 * line of notices (`[1000 results limit reached. Use limit=2000 for more, or refine pattern. 50KB
 * limit reached]`).
 */

/** A list rendered for the model plus the truncation it needed. */
export interface NoticedList {
	text: string;
	/** Present when the byte limit cut the list. */
	truncation?: TruncationInfo;
}

/** Joins `lines`, truncates at the byte limit and appends `limitNotice` and the byte notice. */
export function renderListWithNotices(lines: readonly string[], limitNotice: string | undefined): NoticedList {
	const truncation = truncateHead(lines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
	const notices = limitNotice === undefined ? [] : [limitNotice];
	if (truncation.truncated) notices.push(`${formatSize(truncation.maxBytes)} limit reached`);
	const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
	return { text, truncation: truncation.truncated ? toTruncationInfo(truncation) : undefined };
}

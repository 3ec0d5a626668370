import type { SettingsManager } from "../../core/config/settings-manager.js";

// "What's new" after an update (configuration.md §3.9 `collapseChangelog`): the interactive mode
// remembers the last version it announced (`lastChangelogVersion`, global settings) and, when the
// running version is newer, shows the CHANGELOG.md entries in between, or one line when collapsed.

/** One `## <version>` section of a changesets CHANGELOG.md: its bullet lines. */
export interface ChangelogSection {
	version: string;
	entries: string[];
}

/** The sections of a changesets-style CHANGELOG.md (`## 1.2.3`, bullets below, `###` groups ignored). */
export function parseChangelog(text: string): ChangelogSection[] {
	const sections: ChangelogSection[] = [];
	let current: ChangelogSection | undefined;
	for (const line of text.split(/\r?\n/)) {
		const heading = /^##\s+v?(\d+\.\d+\.\d+\S*)\s*$/.exec(line);
		if (heading) {
			current = { version: heading[1]!, entries: [] };
			sections.push(current);
			continue;
		}
		const bullet = /^[-*]\s+(.*)$/.exec(line);
		if (current && bullet && bullet[1]!.trim() !== "") current.entries.push(bullet[1]!.trim());
	}
	return sections;
}

/** Compares `1.2.3`-style versions numerically (a pre-release sorts before its release). */
export function compareVersions(a: string, b: string): number {
	const parse = (version: string) => {
		const [core = "", pre] = version.split("-", 2);
		return { numbers: core.split(".").map((part) => Number.parseInt(part, 10) || 0), pre };
	};
	const left = parse(a);
	const right = parse(b);
	for (let index = 0; index < 3; index++) {
		const difference = (left.numbers[index] ?? 0) - (right.numbers[index] ?? 0);
		if (difference !== 0) return difference;
	}
	if (left.pre === right.pre) return 0;
	if (left.pre === undefined) return 1;
	if (right.pre === undefined) return -1;
	return left.pre < right.pre ? -1 : 1;
}

const MAX_ENTRIES = 20;

/**
 * The notice for an update from `previous` to `current`, or undefined when there is nothing to
 * announce (first run, same version, a downgrade). Without a changelog it still says what changed.
 */
export function changelogNotice(options: {
	previous: string | undefined;
	current: string;
	changelog: string | undefined;
	collapse: boolean;
}): string[] | undefined {
	const { previous, current } = options;
	if (previous === undefined || compareVersions(current, previous) <= 0) return undefined;
	const sections = parseChangelog(options.changelog ?? "").filter(
		(section) => compareVersions(section.version, previous) > 0 && compareVersions(section.version, current) <= 0,
	);
	const count = sections.reduce((sum, section) => sum + section.entries.length, 0);
	const headline = `Updated to v${current} (from v${previous})`;
	if (options.collapse || count === 0) {
		return [count > 0 ? `${headline}: ${count} change${count === 1 ? "" : "s"}.` : `${headline}.`];
	}
	const lines = [`${headline}. What's new:`];
	let shown = 0;
	for (const section of sections) {
		if (shown >= MAX_ENTRIES) break;
		lines.push(`v${section.version}`);
		for (const entry of section.entries) {
			if (shown >= MAX_ENTRIES) break;
			lines.push(`  • ${entry}`);
			shown++;
		}
	}
	if (count > shown) lines.push(`  … ${count - shown} more (CHANGELOG.md)`);
	return lines;
}

/**
 * Shows what changed since the last announced version (once per update) and records the running
 * version as announced. The changelog is read only when there is something to announce.
 */
export function announceUpdate(options: {
	settings: SettingsManager;
	version: string | undefined;
	changelog: (() => string | undefined) | undefined;
	collapse: boolean;
	show: (lines: string[]) => void;
}): void {
	const { settings, version } = options;
	const recorded = settings.getGlobalSettings().lastChangelogVersion;
	if (version === undefined || recorded === version) return;
	const previous = typeof recorded === "string" ? recorded : undefined;
	const newer = previous !== undefined && compareVersions(version, previous) > 0;
	const lines = changelogNotice({
		previous,
		current: version,
		changelog: newer ? options.changelog?.() : undefined,
		collapse: options.collapse,
	});
	try {
		settings.updateGlobal({ lastChangelogVersion: version });
	} catch {
		// An unreadable settings file is already reported in the header; the notice comes again next time.
	}
	if (lines) options.show(lines);
}

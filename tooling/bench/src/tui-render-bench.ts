/**
 * Differential-renderer figures for `@pi/tui`: how long a render takes and how many bytes it
 * writes when a long transcript changes by one visible line, and when a long Markdown reply
 * grows by one streamed token.
 *
 * Renders go through `TUI.renderNow()` (synchronous, no scheduling) into a counting fake
 * terminal, so the figures cover component rendering, frame preparation and diffing only.
 */
import { Container, Markdown, type MarkdownTheme, type Terminal, Text, TUI } from "@pi/tui";
import { type BenchResult, median, timeRuns } from "./bench-result.js";

/** Terminal size used by every scenario. */
const COLUMNS = 80;
const ROWS = 40;

/** Transcript length (one `Text` component per line). */
const TRANSCRIPT_LINES = 2_000;
/** Re-renders measured after a one-line change (the median is reported). */
const LINE_CHANGE_RUNS = 100;
/** Unmeasured renders before the measured ones, to let the JIT settle. */
const WARMUP_RUNS = 20;

/** Source lines of the Markdown message before streaming starts. */
const MARKDOWN_SOURCE_LINES = 500;
/** Tokens appended (and renders measured) while streaming. */
const STREAMED_TOKENS = 200;
/** Tokens streamed into a throwaway message first, to let the JIT settle. */
const WARMUP_TOKENS = 50;

/**
 * A delta must write fewer than this fraction of a full redraw's bytes to count as "far fewer";
 * the check fails loudly if the renderer ever falls back to redrawing everything.
 */
const MAX_DELTA_FRACTION = 0.05;

/** A {@link Terminal} with no TTY behind it: it only counts what is written to it. */
class CountingTerminal implements Terminal {
	readonly columns: number;
	readonly rows: number;
	readonly kittyProtocolActive = false;
	/** Total UTF-8 bytes written so far. */
	bytes = 0;
	/** Number of `write` calls (including cursor and title sequences). */
	writes = 0;

	constructor(columns: number, rows: number) {
		this.columns = columns;
		this.rows = rows;
	}

	start(_onInput: (data: string) => void, _onResize: () => void): void {}

	stop(): void {}

	write(data: string): void {
		this.writes++;
		this.bytes += Buffer.byteLength(data, "utf8");
	}

	hideCursor(): void {
		this.write("\x1b[?25l");
	}

	showCursor(): void {
		this.write("\x1b[?25h");
	}

	setTitle(title: string): void {
		this.write(`\x1b]0;${title}\x07`);
	}
}

/** A TUI that never schedules renders on its own: the benchmark calls `renderNow()` itself. */
function createTui(terminal: CountingTerminal): TUI {
	return new TUI(terminal, {
		scheduleRender: () => {
			throw new Error("tui bench: unexpected scheduled render");
		},
	});
}

/** Renders once and returns the bytes written, checking the TUI's and the terminal's counts agree. */
function renderAndCount(tui: TUI, terminal: CountingTerminal): number {
	const before = terminal.bytes;
	const reportedBefore = tui.renderedBytes;
	tui.renderNow();
	const written = terminal.bytes - before;
	const reported = tui.renderedBytes - reportedBefore;
	if (written !== reported) throw new Error(`tui bench: terminal counted ${written} bytes, TUI reported ${reported}`);
	return written;
}

/** Throws unless the per-render deltas are non-empty and far smaller than a full redraw. */
function assertDeltas(label: string, deltaBytes: readonly number[], fullRedrawBytes: number): void {
	const smallest = Math.min(...deltaBytes);
	const largest = Math.max(...deltaBytes);
	if (smallest <= 0) throw new Error(`tui bench: ${label}: a render wrote ${smallest} bytes, expected > 0`);
	if (largest >= fullRedrawBytes * MAX_DELTA_FRACTION) {
		throw new Error(
			`tui bench: ${label}: a render wrote ${largest} bytes, not far fewer than a full redraw (${fullRedrawBytes} bytes)`,
		);
	}
}

/** One transcript line of realistic length (under 80 cells), with a dimmed line number. */
function transcriptLine(index: number, note = ""): string {
	const number = String(index).padStart(4, "0");
	const body =
		index % 7 === 0
			? "\x1b[1massistant:\x1b[22m edited src/app.ts and ran the tests"
			: "the quick brown fox jumps over the lazy dog, twice";
	return `\x1b[2m${number}\x1b[22m ${body}${note}`;
}

/** Scenario 1: a 2,000-line transcript in which one line near the bottom (on screen) changes. */
async function benchLineChange(): Promise<BenchResult[]> {
	const terminal = new CountingTerminal(COLUMNS, ROWS);
	const tui = createTui(terminal);
	const transcript = new Container();
	const lines: Text[] = [];
	for (let index = 0; index < TRANSCRIPT_LINES; index++) {
		const line = new Text(transcriptLine(index));
		lines.push(line);
		transcript.addChild(line);
	}
	tui.addChild(transcript);

	const fullRedrawBytes = renderAndCount(tui, terminal);
	// Ten rows above the bottom: inside the 40-row viewport, so a delta update can reach it.
	const changedIndex = TRANSCRIPT_LINES - 10;
	const changed = lines[changedIndex];
	if (!changed) throw new Error("tui bench: transcript line missing");

	let revision = 0;
	const deltaBytes: number[] = [];
	const changeOneLine = (): void => {
		revision++;
		changed.setText(transcriptLine(changedIndex, ` (edit ${revision})`));
		deltaBytes.push(renderAndCount(tui, terminal));
	};
	await timeRuns(WARMUP_RUNS, changeOneLine);
	deltaBytes.length = 0;
	const redrawsBefore = tui.fullRedrawCount;
	const durations = await timeRuns(LINE_CHANGE_RUNS, changeOneLine);

	if (tui.fullRedrawCount !== redrawsBefore) throw new Error("tui bench: a one-line change caused a full redraw");
	assertDeltas("one-line change", deltaBytes, fullRedrawBytes);
	const name = `tui: re-render ${TRANSCRIPT_LINES.toLocaleString("en-US")}-line transcript after one line changes`;
	return [
		{ name, value: Number(median(durations).toFixed(3)), unit: "ms" },
		{ name, value: median(deltaBytes), unit: "bytes" },
	];
}

/** Markdown source of `lineCount` lines: headings, paragraphs, lists and fenced code, repeated. */
function markdownDocument(lineCount: number): string {
	const section = (n: number): string[] => [
		`## Step ${n}: update the renderer`,
		"",
		`The renderer keeps the previous frame and compares it with the new one, line by line.`,
		`Only lines that differ are rewritten, so **long transcripts** stay cheap (see \`tui.ts\`).`,
		"",
		"- first, lex the Markdown into top-level blocks",
		"- then, reuse the cached lines of every unchanged block",
		"- finally, render only the block that grew",
		"",
		"```ts",
		`const frame${n} = renderer.render({ lines, cursor, width, rows });`,
		`terminal.write(frame${n});`,
		"```",
		"",
	];
	const lines: string[] = ["# Streaming answer", ""];
	for (let n = 1; lines.length < lineCount; n++) lines.push(...section(n));
	lines.length = lineCount;
	// Keep the streamed paragraph out of a code block if the cut fell inside one.
	if (lines.filter((line) => line === "```" || line === "```ts").length % 2 === 1) lines[lineCount - 1] = "```";
	return `${lines.join("\n")}\n\nThe last paragraph streams in:`;
}

/** Wraps text in an SGR on/off pair. */
function sgr(open: string, close: string): (text: string) => string {
	return (text) => `\x1b[${open}m${text}\x1b[${close}m`;
}

/**
 * The default theme's colours as fixed escape sequences. The default theme uses chalk, which
 * drops colours when stdout is not a TTY; fixed sequences keep the byte counts the same
 * whether the benchmark runs in a terminal, a pipe or CI.
 */
function fixedMarkdownTheme(): MarkdownTheme {
	const gray = sgr("90", "39");
	const cyan = sgr("36", "39");
	const yellow = sgr("33", "39");
	const green = sgr("32", "39");
	const red = sgr("31", "39");
	return {
		heading: (text, level) => (level === 1 ? sgr("1;4;36", "22;24;39")(text) : sgr("1;36", "22;39")(text)),
		bold: sgr("1", "22"),
		italic: sgr("3", "23"),
		strikethrough: sgr("9", "29"),
		underline: sgr("4", "24"),
		code: yellow,
		link: sgr("4;34", "24;39"),
		linkUrl: gray,
		codeBlock: (text) => text,
		codeBlockBorder: gray,
		quote: sgr("3", "23"),
		quoteBorder: gray,
		hr: gray,
		listBullet: cyan,
		taskBox: (text, checked) => (checked ? green(text) : gray(text)),
		tableBorder: gray,
		syntax: {
			keyword: sgr("35", "39"),
			literal: yellow,
			string: green,
			number: yellow,
			comment: gray,
			function: sgr("34", "39"),
			type: cyan,
			property: cyan,
			variable: red,
			meta: gray,
			inserted: green,
			deleted: red,
		},
	};
}

/** Streamed tokens, cycled: words with leading spaces, some inline code and emphasis. */
const TOKENS = [
	" the",
	" diff",
	" touches",
	" only",
	" `the last line`",
	",",
	" which",
	" keeps",
	" **output**",
	" small",
	".",
];

/**
 * Streams `count` tokens into a Markdown message of {@link MARKDOWN_SOURCE_LINES} lines,
 * rendering after each one. Returns each render's duration and bytes, and the first frame's bytes.
 */
async function streamTokens(
	count: number,
): Promise<{ durations: number[]; deltaBytes: number[]; fullRedrawBytes: number; fullRedraws: number }> {
	const terminal = new CountingTerminal(COLUMNS, ROWS);
	const tui = createTui(terminal);
	let text = markdownDocument(MARKDOWN_SOURCE_LINES);
	const message = new Markdown(text, 1, 1, fixedMarkdownTheme());
	tui.addChild(message);
	const fullRedrawBytes = renderAndCount(tui, terminal);
	const redrawsBefore = tui.fullRedrawCount;

	let appended = 0;
	const deltaBytes: number[] = [];
	const durations = await timeRuns(count, () => {
		text += TOKENS[appended % TOKENS.length] ?? "";
		appended++;
		message.setText(text);
		deltaBytes.push(renderAndCount(tui, terminal));
	});
	return { durations, deltaBytes, fullRedrawBytes, fullRedraws: tui.fullRedrawCount - redrawsBefore };
}

/** Scenario 2: a 500-line Markdown message growing by one streamed token per render. */
async function benchTokenAppend(): Promise<BenchResult[]> {
	await streamTokens(WARMUP_TOKENS);
	const { durations, deltaBytes, fullRedrawBytes, fullRedraws } = await streamTokens(STREAMED_TOKENS);
	if (fullRedraws !== 0) throw new Error(`tui bench: streaming caused ${fullRedraws} full redraws`);
	assertDeltas("token append", deltaBytes, fullRedrawBytes);
	const name = `tui: append one token to a ${MARKDOWN_SOURCE_LINES}-line markdown message`;
	return [
		{ name, value: Number(median(durations).toFixed(3)), unit: "ms" },
		{ name, value: median(deltaBytes), unit: "bytes" },
	];
}

/**
 * `@pi/tui` differential renderer: time (median) and bytes written per render after one
 * visible line of a 2,000-line transcript changes, and after one token is appended to a
 * 500-line Markdown message, in an 80x40 counting terminal.
 */
export async function benchTuiRender(): Promise<BenchResult[]> {
	return [...(await benchLineChange()), ...(await benchTokenAppend())];
}

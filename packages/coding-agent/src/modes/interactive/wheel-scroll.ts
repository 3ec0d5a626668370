// Lines per mouse-wheel report in the fullscreen transcript, as pi 1.4 counts them: a fixed number
// (`fullscreenWheelScrollLines`), or by default ("auto") in proportion to how fast reports come.

/** Reports closer than this are one physical notch split up (or a high-resolution wheel): 1 line each. */
const SAME_NOTCH_MS = 5;
/** A longer pause starts a new gesture, whose first report moves one line. */
const GESTURE_PAUSE_MS = 200;
/** A gesture whose reports come this far apart moves one line each; faster ones move more. */
const ONE_LINE_GAP_MS = 100;
/** The most lines one report moves. */
const MAX_LINES = 6;

/**
 * Turns wheel reports into line counts: a lone notch moves one line, a fast spin up to
 * {@link MAX_LINES} a report, in proportion to how fast the reports come. Where the terminal
 * accelerates the wheel itself (local macOS terminals send one report per line) every report is
 * one line.
 */
export class WheelScroll {
	private lastTime = Number.NEGATIVE_INFINITY;
	private lastDirection = 0;
	private meanGap: number | undefined;
	/** The fraction of a line owed from earlier reports. */
	private owed = 0;

	constructor(
		private lines: "auto" | number = "auto",
		private readonly accelerate: boolean = !terminalAcceleratesWheel(),
	) {}

	/** The `fullscreenWheelScrollLines` setting: a whole number of lines per report, or "auto". */
	setLines(lines: "auto" | number): void {
		this.lines = lines;
		this.lastTime = Number.NEGATIVE_INFINITY;
		this.lastDirection = 0;
		this.meanGap = undefined;
		this.owed = 0;
	}

	/** Lines for one report in `direction` (-1 up, 1 down) at `now` (ms). */
	next(direction: -1 | 1, now: number): number {
		if (this.lines !== "auto") return Math.max(1, Math.floor(this.lines));
		if (!this.accelerate) return 1;
		const gap = now - this.lastTime;
		const sameGesture = direction === this.lastDirection && gap <= GESTURE_PAUSE_MS;
		this.lastTime = now;
		this.lastDirection = direction;
		if (!sameGesture) {
			this.meanGap = undefined;
			this.owed = 0;
			return 1;
		}
		if (gap < SAME_NOTCH_MS) return 1;
		this.meanGap = this.meanGap === undefined ? gap : (this.meanGap + gap) / 2;
		const exact = Math.min(MAX_LINES, Math.max(1, ONE_LINE_GAP_MS / this.meanGap)) + this.owed;
		const lines = Math.floor(exact);
		this.owed = exact - lines;
		return lines;
	}
}

function terminalAcceleratesWheel(env: NodeJS.ProcessEnv = process.env): boolean {
	const remote = env.SSH_CONNECTION !== undefined || env.SSH_CLIENT !== undefined || env.SSH_TTY !== undefined;
	return process.platform === "darwin" && !remote;
}

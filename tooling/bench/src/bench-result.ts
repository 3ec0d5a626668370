/** One measured figure. */
export interface BenchResult {
	/** What was measured, e.g. "anthropic-messages: stream() events/s (50,000 deltas)". */
	name: string;
	value: number;
	/** e.g. "events/s", "ms", "bytes". */
	unit: string;
}

/** A named benchmark group. */
export interface Benchmark {
	name: string;
	run(): Promise<BenchResult[]>;
}

/** Median of several timings, to damp one-off pauses (GC, JIT). */
export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
}

/** Runs `fn` `times` times and returns each duration in ms. */
export async function timeRuns(times: number, fn: () => unknown | Promise<unknown>): Promise<number[]> {
	const durations: number[] = [];
	for (let i = 0; i < times; i++) {
		const start = performance.now();
		await fn();
		durations.push(performance.now() - start);
	}
	return durations;
}

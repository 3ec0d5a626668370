import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SessionManager } from "@pi/coding-agent";
import { type BenchResult, median, timeRuns } from "./bench-result.js";

const usage = {
	input: 100,
	output: 50,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: 150,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function writeSession(dir: string, entries: number): string {
	const session = SessionManager.create("/bench/project", dir);
	const text = "Some realistic message text that mentions src/app.ts and a few details. ".repeat(4);
	for (let i = 0; i < entries; i++) {
		if (i % 2 === 0) session.appendMessage({ role: "user", content: [{ type: "text", text }], timestamp: Date.now() });
		else {
			session.appendMessage({
				role: "assistant",
				content: [{ type: "text", text }],
				api: "faux",
				provider: "faux",
				model: "faux-1",
				usage,
				stopReason: "stop",
				timestamp: Date.now(),
			});
		}
	}
	return session.getSessionFile()!;
}

/** Session file figures: open + build context for 5,000 and 50,000 entries; append throughput. */
export async function benchSessions(): Promise<BenchResult[]> {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-sessions-"));
	try {
		const results: BenchResult[] = [];
		const appendStart = performance.now();
		const small = writeSession(dir, 5_000);
		const appendSeconds = (performance.now() - appendStart) / 1000;
		results.push({
			name: "sessions: append throughput (sync append per entry)",
			value: Math.round(5_000 / appendSeconds),
			unit: "entries/s",
		});
		const large = writeSession(dir, 50_000);
		for (const [label, file] of [
			["5,000", small],
			["50,000", large],
		] as const) {
			const durations = await timeRuns(5, () => SessionManager.open(file).buildSessionContext());
			results.push({
				name: `sessions: open + build context, ${label} entries`,
				value: Number(median(durations).toFixed(1)),
				unit: "ms",
			});
		}
		return results;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

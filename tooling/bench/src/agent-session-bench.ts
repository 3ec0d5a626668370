import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxProvider, fauxText } from "@pi/ai";
import { createAgentSession, ModelRuntime, SessionManager, SettingsManager } from "@pi/coding-agent";
import { type BenchResult, median } from "./bench-result.js";

const DELTAS = 50_000;
const RUNS = 5;

/**
 * Cost per streamed delta through AgentSession with a persisting session file: events/s for one
 * 50,000-delta faux reply, without a session subscriber and with one that does nothing.
 */
export async function benchAgentSession(): Promise<BenchResult[]> {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-agent-session-"));
	try {
		const results: BenchResult[] = [];
		for (const withSubscriber of [false, true]) {
			const rates: number[] = [];
			for (let run = 0; run <= RUNS; run++) {
				const rate = await measureOnce(dir, withSubscriber);
				if (run > 0) rates.push(rate);
			}
			const label = withSubscriber ? "with a no-op session subscriber" : "no session subscriber";
			results.push({
				name: `agent-session: events/s, 50,000-delta reply, persisting session, ${label}`,
				value: Math.round(median(rates)),
				unit: "events/s",
			});
		}
		return results;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

async function measureOnce(dir: string, withSubscriber: boolean): Promise<number> {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const text = "x".repeat(DELTAS);
	faux.setResponses([fauxAssistantMessage(fauxText(text, { chunks: DELTAS }))]);
	const { session } = await createAgentSession({
		cwd: dir,
		modelRuntime,
		model: faux.getModel(),
		settingsManager: SettingsManager.inMemory(),
		sessionManager: SessionManager.create(dir, join(dir, "sessions")),
		resourceLoader: {
			load: () => ({ contextFiles: [], skills: [], promptTemplates: [], appendSystemPrompts: [], diagnostics: [] }),
		},
		tools: [],
	});
	let events = 0;
	// Counted on the Agent so both variants count the same events.
	session.agent.subscribe(() => {
		events++;
	});
	if (withSubscriber) session.subscribe(() => undefined);
	const start = performance.now();
	await session.prompt("go");
	const seconds = (performance.now() - start) / 1000;
	const reply = session.getLastAssistantText();
	session.dispose();
	if (reply !== text) throw new Error("agent-session bench: the reply did not arrive complete");
	if (!session.sessionFile) throw new Error("agent-session bench: the session was not persisted");
	return events / seconds;
}

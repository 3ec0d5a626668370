import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { type FauxProviderHandle, fauxAssistantMessage, fauxProvider, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { noopExtensionRunner } from "../../src/core/extensions/extension-runner-seam.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { deferred } from "../support/deferred.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

interface Fixture {
	runtime: AgentSessionRuntime;
	faux: FauxProviderHandle;
	sessionDir: string;
	agentDir: string;
	cwd: string;
	rebinds: number;
	starts: string[];
}

async function setup(tools: AgentTool[] = []): Promise<Fixture> {
	const agentDir = tempDir();
	const cwd = tempDir();
	const sessionDir = join(agentDir, "sessions-flat");
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const starts: string[] = [];
	const factory: CreateAgentSessionRuntimeFactory = async ({
		cwd: targetCwd,
		agentDir: dir,
		sessionManager,
		sessionStartEvent,
	}) => {
		starts.push(sessionStartEvent?.reason ?? "initial");
		const services = await createAgentSessionServices({
			cwd: targetCwd,
			agentDir: dir,
			modelRuntime,
			settingsManager: SettingsManager.inMemory(),
			projectTrusted: false,
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			model: faux.getModel(),
			tools: tools.map((tool) => tool.name),
			customTools: tools,
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(factory, {
		cwd,
		agentDir,
		sessionManager: SessionManager.create(cwd, sessionDir),
	});
	const fixture: Fixture = { runtime, faux, sessionDir, agentDir, cwd, rebinds: 0, starts };
	runtime.setRebindSession(() => {
		fixture.rebinds++;
	});
	return fixture;
}

async function converse(fixture: Fixture, ...turns: string[]): Promise<void> {
	for (const turn of turns) {
		fixture.faux.appendResponses([fauxAssistantMessage(`reply to ${turn}`)]);
		await fixture.runtime.session.prompt(turn);
	}
}

function texts(runtime: AgentSessionRuntime): string[] {
	return runtime.session.messages.map((message) =>
		message.role === "user" || message.role === "assistant"
			? typeof message.content === "string"
				? message.content
				: message.content.map((block) => ("text" in block ? block.text : "")).join("")
			: message.role,
	);
}

describe("AgentSessionRuntime", () => {
	it("starts a new session in the same directory, records the parent, and rebinds", async () => {
		const fixture = await setup();
		await converse(fixture, "one");
		const oldFile = fixture.runtime.session.sessionFile!;
		const oldContent = readFileSync(oldFile, "utf8");
		const oldSession = fixture.runtime.session;
		expect(await fixture.runtime.newSession({ parentSession: oldFile })).toEqual({ cancelled: false });
		expect(fixture.runtime.session).not.toBe(oldSession);
		expect(fixture.runtime.session.messages).toEqual([]);
		expect(fixture.rebinds).toBe(1);
		expect(fixture.starts).toEqual(["initial", "new"]);
		await converse(fixture, "two");
		const newFile = fixture.runtime.session.sessionFile!;
		expect(newFile.startsWith(fixture.sessionDir)).toBe(true);
		expect(JSON.parse(readFileSync(newFile, "utf8").split("\n")[0]!)).toMatchObject({ parentSession: oldFile });
		expect(readFileSync(oldFile, "utf8")).toBe(oldContent);
	});

	it("switches sessions and reports bad targets clearly", async () => {
		const fixture = await setup();
		await converse(fixture, "first");
		const firstFile = fixture.runtime.session.sessionFile!;
		await fixture.runtime.newSession();
		await converse(fixture, "second");
		await fixture.runtime.switchSession(firstFile);
		expect(texts(fixture.runtime)).toEqual(["first", "reply to first"]);
		expect(fixture.starts.at(-1)).toBe("resume");
		await expect(fixture.runtime.switchSession(join(fixture.sessionDir, "missing.jsonl"))).rejects.toThrow(
			/^Session file not found: .*missing\.jsonl$/,
		);
		const bad = join(fixture.sessionDir, "bad.jsonl");
		writeFileSync(bad, "garbage\n");
		await expect(fixture.runtime.switchSession(bad)).rejects.toThrow(/^Invalid session file: .*bad\.jsonl: /);
		const gone = join(fixture.sessionDir, "gone.jsonl");
		writeFileSync(
			gone,
			`${JSON.stringify({ type: "session", version: 3, id: "x", timestamp: new Date().toISOString(), cwd: "/no/such/dir" })}\n`,
		);
		await expect(fixture.runtime.switchSession(gone)).rejects.toThrow(
			"Session working directory does not exist: /no/such/dir",
		);
		expect(texts(fixture.runtime)).toEqual(["first", "reply to first"]);
	});

	it("forks before a user message and clones at the leaf, keeping the source file intact", async () => {
		const fixture = await setup();
		await converse(fixture, "one", "two");
		const source = fixture.runtime.session.sessionFile!;
		const sourceContent = readFileSync(source, "utf8");
		const forkPoint = fixture.runtime.session.getUserMessagesForForking()[1]!;
		await expect(fixture.runtime.fork("nope")).rejects.toThrow("Invalid entry ID for forking");
		const result = await fixture.runtime.fork(forkPoint.entryId);
		expect(result).toEqual({ cancelled: false, selectedText: "two" });
		expect(texts(fixture.runtime)).toEqual(["one", "reply to one"]);
		const forked = fixture.runtime.session.sessionFile!;
		expect(JSON.parse(readFileSync(forked, "utf8").split("\n")[0]!)).toMatchObject({ parentSession: source });
		expect(readFileSync(source, "utf8")).toBe(sourceContent);
		const leaf = fixture.runtime.session.sessionManager.getLeafId()!;
		expect(await fixture.runtime.fork(leaf, { position: "at" })).toEqual({ cancelled: false });
		expect(texts(fixture.runtime)).toEqual(["one", "reply to one"]);
		expect(fixture.runtime.session.sessionFile).not.toBe(forked);
		expect(fixture.starts.filter((reason) => reason === "fork")).toHaveLength(2);
	});

	it("lets extensions veto a replacement", async () => {
		const fixture = await setup();
		await converse(fixture, "one");
		const session = fixture.runtime.session;
		(session as unknown as { extensionRunner: typeof noopExtensionRunner }).extensionRunner = {
			...noopExtensionRunner,
			emitSessionBeforeChange: async () => ({ cancel: true }),
		};
		expect(await fixture.runtime.newSession()).toEqual({ cancelled: true });
		const entryId = session.getUserMessagesForForking()[0]!.entryId;
		expect(await fixture.runtime.fork(entryId)).toEqual({ cancelled: true, selectedText: "one" });
		expect(fixture.runtime.session).toBe(session);
		expect(fixture.rebinds).toBe(0);
	});

	it("aborts and persists a running turn in the old file before switching", async () => {
		const started = deferred();
		const tool: AgentTool = {
			name: "slow",
			label: "Slow",
			description: "slow",
			parameters: Type.Object({}),
			execute: (_id, _params, signal) =>
				new Promise((_resolve, reject) => {
					started.resolve();
					signal?.addEventListener("abort", () => reject(new Error("Operation aborted")), { once: true });
				}),
		};
		const fixture = await setup([tool]);
		fixture.faux.setResponses([fauxAssistantMessage(fauxToolCall("slow", {}))]);
		const oldSession = fixture.runtime.session;
		const run = oldSession.prompt("go");
		await started.promise;
		const oldFile = oldSession.sessionFile!;
		await fixture.runtime.newSession();
		await run;
		const saved = SessionManager.open(oldFile)
			.buildSessionContext()
			.messages.map((message) => message.role);
		expect(saved).toEqual(["user", "assistant", "toolResult", "assistant"]);
		const last = SessionManager.open(oldFile).buildSessionContext().messages.at(-1);
		expect(last?.role === "assistant" && last.stopReason).toBe("aborted");
	});

	it("imports a session file into its cwd's session directory and resumes it", async () => {
		const fixture = await setup();
		await converse(fixture, "exported");
		const exported = join(tempDir(), "export.jsonl");
		writeFileSync(exported, readFileSync(fixture.runtime.session.sessionFile!, "utf8"));
		await fixture.runtime.newSession();
		const otherCwd = join(tempDir(), "project");
		mkdirSync(otherCwd);
		await fixture.runtime.importFromJsonl(exported, otherCwd);
		expect(texts(fixture.runtime)).toEqual(["exported", "reply to exported"]);
		expect(fixture.runtime.session.sessionFile!.startsWith(join(fixture.agentDir, "sessions"))).toBe(true);
		expect(fixture.runtime.cwd).toBe(otherCwd);
		await expect(fixture.runtime.importFromJsonl(join(tempDir(), "none.jsonl"))).rejects.toThrow(
			/Session file not found/,
		);
	});
});

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { CompactionCancelledError } from "../../src/core/agent-session/session-compactor.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { ExtensionAPI } from "../../src/core/extensions/extension-api.js";
import { DefaultResourceLoader } from "../../src/core/sdk.js";
import { deferred } from "../support/deferred.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

async function conversation(factories: ((pi: ExtensionAPI) => void)[]) {
	const fixture = await createExtensionSession(tempDir(), factories, {
		settingsManager: SettingsManager.inMemory({ retry: { enabled: false }, compaction: { keepRecentTokens: 1 } }),
	});
	await fixture.session.bindExtensions({});
	for (const text of ["one", "two", "three"]) {
		fixture.faux.appendResponses([fauxAssistantMessage(`reply ${text}`)]);
		await fixture.session.prompt(text);
	}
	return fixture;
}

describe("compaction hooks", () => {
	it("session_before_compact may supply the summary; session_compact reports it as fromExtension", async () => {
		const seen: string[] = [];
		const { session } = await conversation([
			(pi) => {
				pi.on("session_before_compact", (event) => {
					seen.push(`before:${event.reason}:${event.branchEntries.length > 0}`);
					return {
						compaction: {
							summary: "summary from the extension",
							firstKeptEntryId: event.preparation.firstKeptEntryId,
							tokensBefore: event.preparation.tokensBefore,
						},
					};
				});
				pi.on("session_compact", (event) => {
					seen.push(`compact:${event.fromExtension}:${event.compactionEntry.summary}`);
				});
			},
		]);
		const result = await session.compact();
		await Promise.resolve();
		expect(result.summary).toBe("summary from the extension");
		expect(seen).toEqual(["before:manual:true", "compact:true:summary from the extension"]);
		const entry = session.sessionManager.getEntries().find((candidate) => candidate.type === "compaction");
		expect(entry).toMatchObject({ summary: "summary from the extension", fromHook: true });
	});

	it("a cancel stops the compaction and session_compact_failed reports it aborted", async () => {
		const failed: boolean[] = [];
		const { session } = await conversation([
			(pi) => {
				pi.on("session_before_compact", () => ({ cancel: true }));
				pi.on("session_compact_failed", (event) => void failed.push(event.aborted));
			},
		]);
		await expect(session.compact()).rejects.toBeInstanceOf(CompactionCancelledError);
		await Promise.resolve();
		expect(failed).toEqual([true]);
		expect(session.sessionManager.getEntries().some((entry) => entry.type === "compaction")).toBe(false);
	});
	it("ctx.compact on a session that fits in keepRecentTokens calls onError with 1.4's refusal", async () => {
		const seen: string[] = [];
		const failed = deferred<Error>();
		const fixture = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.on("session_before_compact", () => void seen.push("before"));
				pi.on("session_compact_failed", (event) => void seen.push(`failed:${event.errorMessage}`));
				pi.registerCommand("squash", {
					handler: async (_args, ctx) => ctx.compact({ onError: (error) => failed.resolve(error) }),
				});
			},
		]);
		await fixture.session.bindExtensions({});
		fixture.faux.appendResponses([fauxAssistantMessage("reply")]);
		await fixture.session.prompt("one");
		await fixture.session.prompt("/squash");
		expect((await failed.promise).message).toBe("Nothing to compact (session too small)");
		await Promise.resolve();
		expect(seen).toEqual(["failed:Compaction failed: Nothing to compact (session too small)"]);
		expect(fixture.faux.state.requests).toHaveLength(1);
	});
});

describe("tree hooks", () => {
	it("session_before_tree may supply the summary; session_tree reports old and new leaf", async () => {
		const seen: string[] = [];
		const { session } = await conversation([
			(pi) => {
				pi.on("session_before_tree", () => ({ summary: "where we were" }));
				pi.on("session_tree", (event) => {
					seen.push(`${event.oldLeafId !== event.newLeafId}:${event.fromExtension}:${event.summaryEntry?.type}`);
				});
			},
		]);
		const firstUser = session.sessionManager.getEntries().find((entry) => entry.type === "message")!;
		const result = await session.navigateTree(firstUser.id);
		await Promise.resolve();
		expect(result.cancelled).toBe(false);
		expect(seen).toEqual(["true:true:branch_summary"]);
		expect(session.sessionManager.getLeafEntry()).toMatchObject({ type: "branch_summary", summary: "where we were" });
	});

	it("session_before_tree can cancel a navigation", async () => {
		const { session } = await conversation([(pi) => pi.on("session_before_tree", () => ({ cancel: true }))]);
		const leaf = session.sessionManager.getLeafId();
		const firstUser = session.sessionManager.getEntries().find((entry) => entry.type === "message")!;
		expect(await session.navigateTree(firstUser.id)).toEqual({ cancelled: true });
		expect(session.sessionManager.getLeafId()).toBe(leaf);
	});
});

describe("commands namespace and resources", () => {
	it("getCommands lists extension commands, then prompt templates, then skills; resources_discover adds paths", async () => {
		const agentDir = tempDir();
		const extra = tempDir();
		mkdirSync(join(agentDir, "prompts"), { recursive: true });
		writeFileSync(join(agentDir, "prompts", "review.md"), "---\ndescription: Review the diff\n---\nReview $1\n");
		mkdirSync(join(extra, "deploy"), { recursive: true });
		writeFileSync(join(extra, "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Deploy the app\n---\nSteps\n");
		let api: ExtensionAPI | undefined;
		const settingsManager = SettingsManager.inMemory({});
		const { session } = await createExtensionSession(
			agentDir,
			[
				(pi) => {
					api = pi;
					pi.registerCommand("hello", { description: "Say hello", handler: () => undefined });
					pi.on("resources_discover", (event) => {
						expect(event.reason).toBe("startup");
						return { skillPaths: [extra] };
					});
				},
			],
			{
				settingsManager,
				resourceLoader: new DefaultResourceLoader({
					cwd: agentDir,
					agentDir,
					settings: settingsManager,
					projectTrusted: false,
				}),
			},
		);
		await session.bindExtensions({});
		expect(api!.getCommands()).toEqual([
			{ name: "hello", description: "Say hello", source: "extension" },
			{
				name: "review",
				description: "Review the diff",
				source: "prompt",
				location: "user",
				path: join(agentDir, "prompts", "review.md"),
			},
			{
				name: "skill:deploy",
				description: "Deploy the app",
				source: "skill",
				location: "path",
				path: join(extra, "deploy", "SKILL.md"),
			},
		]);
	});

	it("dispose() emits session_shutdown { quit } once", async () => {
		const reasons: string[] = [];
		const { session } = await createExtensionSession(tempDir(), [
			(pi) => pi.on("session_shutdown", (event) => void reasons.push(event.reason)),
		]);
		await session.bindExtensions({});
		session.dispose();
		session.dispose();
		await Promise.resolve();
		expect(reasons).toEqual(["quit"]);
	});
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createAllTools } from "../../src/core/tools/create-tools.js";
import { createFindTool } from "../../src/core/tools/find.js";
import { createLocalFindOperations } from "../../src/core/tools/find-operations.js";
import { createGrepTool } from "../../src/core/tools/grep.js";
import { createLocalGrepOperations } from "../../src/core/tools/grep-operations.js";
import { createLsTool } from "../../src/core/tools/ls.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

describe("built-in tools: shared rules", () => {
	it("every tool rejects with Operation aborted when the signal is already aborted", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "f.txt"), "text\n");
		const controller = new AbortController();
		controller.abort();
		const tools = createAllTools(dir);
		const calls: Promise<unknown>[] = [
			tools.read.execute("c", { path: "f.txt" }, controller.signal),
			tools.bash.execute("c", { command: "echo hi" }, controller.signal),
			tools.edit.execute("c", { path: "f.txt", edits: [{ oldText: "text", newText: "new" }] }, controller.signal),
			tools.write.execute("c", { path: "g.txt", content: "x" }, controller.signal),
			tools.grep.execute("c", { pattern: "text" }, controller.signal),
			tools.find.execute("c", { pattern: "*" }, controller.signal),
			tools.ls.execute("c", {}, controller.signal),
		];
		for (const call of calls) expect(await errorMessageOf(call)).toBe("Operation aborted");
	});
});

describe("built-in tools: default limits", () => {
	it("grep stops at 100 matches, find at 1000 results and ls at 500 entries", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "a-many.txt"), "hit\n".repeat(150));
		for (let i = 0; i < 1000; i++) writeFileSync(join(dir, `f${String(i).padStart(4, "0")}`), "");
		const grep = await createGrepTool(dir, { operations: createLocalGrepOperations({ useRipgrep: false }) }).execute(
			"c",
			{ pattern: "hit" },
			undefined,
		);
		expect(grep.details).toEqual({ matchLimitReached: 100 });
		expect(textOf(grep).endsWith("[100 matches limit reached. Use limit=200 for more, or refine pattern]")).toBe(true);
		const find = await createFindTool(dir, { operations: createLocalFindOperations({ useFd: false }) }).execute(
			"c",
			{ pattern: "*" },
			undefined,
		);
		expect(find.details).toEqual({ resultLimitReached: 1000 });
		expect(textOf(find).endsWith("[1000 results limit reached. Use limit=2000 for more, or refine pattern]")).toBe(
			true,
		);
		const ls = await createLsTool(dir).execute("c", {}, undefined);
		expect(ls.details).toEqual({ entryLimitReached: 500 });
		expect(textOf(ls).endsWith("[500 entries limit reached. Use limit=1000 for more]")).toBe(true);
	});
});

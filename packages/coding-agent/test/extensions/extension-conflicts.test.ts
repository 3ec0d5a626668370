// Name clashes settled after loading (pi 1.4): a built-in gives way, two extensions' tool or flag is an error.
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type { ExtensionAPI, InlineExtension } from "../../src/core/extensions/extension-api.js";
import { findExtensionConflicts, findReplacedBuiltins } from "../../src/core/extensions/extension-conflicts.js";
import { createExtensionRecord } from "../../src/core/extensions/extension-record.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

const tool = (name: string) => ({
	name,
	label: name,
	description: name,
	parameters: Type.Object({}),
	execute: async () => ({ content: [{ type: "text" as const, text: name }] }),
});

function builtin(name: string, factory: (pi: ExtensionAPI) => void): InlineExtension {
	return { name: `builtin:${name}`, factory };
}

describe("findReplacedBuiltins / findExtensionConflicts", () => {
	it("names the built-in another extension replaces, with 1.4's wording", () => {
		const mcp = createExtensionRecord("builtin:mcp");
		mcp.commands.set("mcp", { handler: async () => {} });
		const adapter = createExtensionRecord("/ext/pi-mcp-adapter/index.ts");
		adapter.commands.set("mcp", { handler: async () => {} });
		const [replaced, ...rest] = findReplacedBuiltins([mcp, adapter]);
		expect(rest).toEqual([]);
		expect(replaced!.record).toBe(mcp);
		expect(replaced!.warning).toBe(
			'Extension package "builtin:mcp": Extension /ext/pi-mcp-adapter/index.ts registers command `/mcp`, so built-in extension `mcp` was not loaded. To use `mcp`, run `pi config` and make sure it is enabled under Built-in extensions, then disable or remove the existing extension. We recommend only having one or the other loaded at a time.',
		);
	});

	it("reports a tool or flag a later extension registers again, never a built-in's", () => {
		const first = createExtensionRecord("/a.ts");
		first.tools.set("dup", tool("dup") as never);
		first.flags.set("verbose-x", { type: "boolean" });
		const second = createExtensionRecord("/b.ts");
		second.tools.set("dup", tool("dup") as never);
		second.flags.set("verbose-x", { type: "boolean" });
		expect(findExtensionConflicts([first, second])).toEqual([
			{ path: "/b.ts", error: 'Tool "dup" conflicts with /a.ts' },
			{ path: "/b.ts", error: 'Flag "--verbose-x" conflicts with /a.ts' },
		]);
	});
});

describe("loading with clashes", () => {
	it("a built-in whose command another extension registers is left out, whichever loaded first", async () => {
		const ran: string[] = [];
		for (const order of ["builtin-first", "builtin-last"]) {
			ran.length = 0;
			const own = (pi: ExtensionAPI) => pi.registerCommand("mcp", { handler: async () => void ran.push("own") });
			const mcp = builtin("mcp", (pi) => {
				pi.registerFlag("no-mcp", { type: "boolean" });
				pi.registerCommand("mcp", { handler: async () => void ran.push("builtin") });
				pi.on("session_start", () => void ran.push("builtin started"));
			});
			const { session, result } = await createExtensionSession(tempDir(), [], {
				extensionFactories: order === "builtin-first" ? [mcp, own] : [own, mcp],
				noExtensions: false,
			});
			await session.bindExtensions({});
			await session.prompt("/mcp");
			expect(ran, order).toEqual(["own"]);
			expect(result.extensionsResult.extensions.map((entry) => entry.path)).not.toContain("builtin:mcp");
			expect(result.extensionsResult.runner!.diagnostics[0]).toMatch(
				/^Extension package "builtin:mcp": Extension <inline:own> registers command `\/mcp`/,
			);
			expect(result.extensionsResult.errors).toEqual([]);
			// Its flag stays a known option.
			expect(result.extensionsResult.runner!.getFlags().has("no-mcp"), order).toBe(true);
		}
	});

	it("two extensions registering one tool is a load error naming both; a built-in's tool is taken over", async () => {
		const { result } = await createExtensionSession(tempDir(), [], {
			extensionFactories: [
				builtin("codemode", (pi) => pi.registerTool(tool("codemode"))),
				(pi) => pi.registerTool(tool("codemode")),
				(pi) => pi.registerTool(tool("dup")),
				(pi) => pi.registerTool(tool("dup")),
			],
			noExtensions: false,
		});
		expect(result.extensionsResult.errors).toEqual([
			{ path: "<inline:3>", error: 'Tool "dup" conflicts with <inline:2>' },
		]);
		expect(result.extensionsResult.runner!.diagnostics).toEqual([
			expect.stringMatching(/^Extension package "builtin:codemode": Extension <inline:1> registers tool `codemode`/),
		]);
	});

	it("an SDK session keeps the tool of the extension that loaded first (pi 1.4), not the last", async () => {
		const named = (text: string) => ({
			...tool("dup"),
			description: text,
			execute: async () => ({ content: [{ type: "text" as const, text }] }),
		});
		const { result } = await createExtensionSession(tempDir(), [], {
			extensionFactories: [(pi) => pi.registerTool(named("first")), (pi) => pi.registerTool(named("second"))],
			noExtensions: false,
		});
		expect(result.extensionsResult.errors).toEqual([
			{ path: "<inline:1>", error: 'Tool "dup" conflicts with <inline:0>' },
		]);
		const runner = result.extensionsResult.runner!;
		expect(runner.getToolDefinition("dup")?.description).toBe("first");
		const dups = runner.getTools().filter((entry) => entry.name === "dup");
		expect(dups.map((entry) => entry.description)).toEqual(["first"]);
		const output = await dups[0]!.execute("call-1", {}, undefined, undefined);
		expect(output.content).toEqual([{ type: "text", text: "first" }]);
	});
});

import type { ToolInfo } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { prepareCodemodeLoadout } from "../src/codemode-tool.js";
import { toolDeclaration } from "../src/declarations.js";
import { buildCodemodeDescription, fitToBudget, toolSection } from "../src/description.js";

function tool(name: string, extra: Partial<ToolInfo> = {}): ToolInfo {
	return {
		name,
		description: `The ${name} tool.`,
		parameters: Type.Object({ city: Type.String({ description: "City name" }), days: Type.Optional(Type.Number()) }),
		exposure: "direct",
		active: true,
		reachesTools: false,
		...extra,
	};
}

describe("tool declarations", () => {
	it("declares arguments with sorted members, comments for described ones and optional marks", () => {
		expect(toolDeclaration(tool("weather"))).toBe(
			"declare const tools: { weather(args: {\n  // City name\n  city: string;\n  days?: number;\n}): Promise<string>; };",
		);
	});

	it("keeps undescribed objects on one line and names identifiers script-safe", () => {
		const info = tool("dev-radius", {
			parameters: Type.Object({ ticker: Type.String(), n: Type.Array(Type.Integer()) }),
		});
		expect(toolDeclaration(info)).toBe(
			"declare const tools: { dev_radius(args: { n: Array<number>; ticker: string; }): Promise<string>; };",
		);
		expect(toolDeclaration(tool("empty", { parameters: Type.Object({}) }))).toContain(
			"args: { [key: string]: unknown; }",
		);
	});

	it("a tool with an output schema resolves to that type; read resolves to text or an image block", () => {
		const info = tool("stats", { outputSchema: Type.Object({ count: Type.Number() }) });
		expect(toolDeclaration(info)).toMatch(/Promise<\{ count: number; \}>; \};$/);
		expect(toolDeclaration(tool("read"))).toContain(
			'Promise<string | { data: string; mimeType: string; note: string; type: "image"; }>',
		);
	});
});

describe("the codemode description", () => {
	it("lists tools as sections under the heading, with guidelines", () => {
		const text = buildCodemodeDescription([tool("weather", { promptGuidelines: ["Ask for the city first."] })], {
			mode: "on",
			inlineBudget: 3000,
		});
		expect(text).toContain(
			"Nested tools:\n\n### `weather`\nThe weather tool.\n\n- Ask for the city first.\n\ncodemode tool declaration:\n```ts\n",
		);
		expect(text).toContain("// @options:");
	});

	it("keeps the smallest sections that fit the inline budget, in their order", () => {
		expect(fitToBudget([`h\n${"x".repeat(400)}`, `h\n${"y".repeat(40)}`, `h\n${"z".repeat(80)}`], 40)).toEqual([
			false,
			true,
			true,
		]);
		const big = tool("big", { description: "b".repeat(2000) });
		const text = buildCodemodeDescription([big, tool("small")], { mode: "on", inlineBudget: 200 });
		expect(text).toContain("### `small`");
		expect(text).not.toContain("### `big`");
		expect(buildCodemodeDescription([tool("small")], { mode: "on", inlineBudget: 0 })).not.toContain("Nested tools:");
	});

	it("orders by size without the heading (a long name does not push a tool back); cost includes it", () => {
		// Bodies of 10 and 20 characters: the second has the longer heading but the smaller body.
		const sections = [`### short\n${"a".repeat(20)}`, `### ${"n".repeat(60)}\n${"b".repeat(10)}`];
		expect(fitToBudget(sections, 20)).toEqual([false, true]);
		expect(fitToBudget(sections, 18)).toEqual([true, false]);
	});

	it("no tools to list: no heading announcing an empty list", () => {
		expect(buildCodemodeDescription([], { mode: "on", inlineBudget: 3000 }).endsWith("Nested tools:")).toBe(false);
	});

	it("groups namespaced tools under their namespace, which says when the budget left tools out", () => {
		const ns = { name: "mcp__dev-docs", description: "Product documentation" };
		const find = tool("mcp__dev-docs__find", { namespace: ns });
		const fetch = tool("mcp__dev-docs__fetch", { namespace: ns, description: "f".repeat(800) });
		expect(buildCodemodeDescription([find, fetch], { mode: "on", inlineBudget: 0 })).toContain(
			"Nested tools:\n\n## mcp__dev-docs (tools not listed)\nProduct documentation",
		);
		expect(buildCodemodeDescription([find, fetch], { mode: "on", inlineBudget: 100 })).toContain(
			"## mcp__dev-docs (some tools not listed)\nProduct documentation\n\n### `mcp__dev_docs__find` (`mcp__dev-docs__find`)\nThe mcp__dev-docs__find tool.",
		);
		expect(buildCodemodeDescription([find, fetch], { mode: "on", inlineBudget: 3000 })).toContain(
			"## mcp__dev-docs\nProduct documentation\n\n### `mcp__dev_docs__find`",
		);
	});

	it("built-in tools carry their guidelines, since hidden tools lose the system prompt's rules", () => {
		expect(toolSection(tool("read"))).toContain(
			"The read tool.\n\n- Use read instead of cat or sed to look at files.\n\n",
		);
		expect(toolSection(tool("weather"))).not.toContain("\n- ");
	});

	it("mode on: declared tools get a note and are not listed; mode only hides them and lists them", () => {
		const tools = [
			tool("read"),
			tool("weather", { exposure: "codemode", active: false }),
			tool("stock", { exposure: "deferred", active: false }),
			tool("codemode", { exposure: "model-only" }),
		];
		const loadout = { declared: ["read", "codemode"], callable: ["read", "weather", "stock"], tools };
		const on = prepareCodemodeLoadout(loadout, { mode: "on", inlineBudget: 3000 });
		expect(on.hiddenDeclarations).toEqual([]);
		expect(on.descriptions?.read).toContain("Codemode: `tools.read(args)` resolves to `string | {");
		expect(on.descriptions?.codemode).toContain("### `weather`");
		expect(on.descriptions?.codemode).not.toContain("### `read`");
		expect(on.descriptions?.codemode).not.toContain("### `stock`");
		// A codemode-exposure tool that tool_search declared stays listed (and gets the note too).
		const searched = prepareCodemodeLoadout(
			{ ...loadout, declared: [...loadout.declared, "weather"] },
			{ mode: "on", inlineBudget: 3000 },
		);
		expect(searched.descriptions?.codemode).toContain("### `weather`");
		expect(searched.descriptions?.weather).toContain("Codemode: `tools.weather(args)` resolves to a string.");
		const only = prepareCodemodeLoadout(loadout, { mode: "only", inlineBudget: 3000 });
		expect(only.hiddenDeclarations).toEqual(["read"]);
		expect(only.descriptions?.codemode).toContain("### `read`");
		expect(toolSection(tool("read"))).toContain("### `read`");
	});
});

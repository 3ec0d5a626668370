import { describe, expect, it } from "vitest";
import {
	BUILTIN_TOOL_NAMES,
	BUILTIN_TOOL_SNIPPETS,
	createAllTools,
	createBuiltinTools,
	createCodingTools,
	createReadOnlyTools,
} from "../../src/core/tools/create-tools.js";

describe("tool factories", () => {
	it("creates the default coding tools and the read-only tools", () => {
		expect(createCodingTools("/tmp").map((tool) => tool.name)).toEqual(["read", "bash", "edit", "write"]);
		expect(createReadOnlyTools("/tmp").map((tool) => tool.name)).toEqual(["read", "grep", "find", "ls"]);
	});

	it("creates all eight tools (1.4's powershell included) with labels, descriptions and object schemas", () => {
		const tools = createAllTools("/tmp");
		expect(Object.keys(tools)).toEqual([...BUILTIN_TOOL_NAMES]);
		for (const tool of Object.values(tools)) {
			expect(tool.label).toBe(tool.name);
			expect(tool.description.length).toBeGreaterThan(20);
			expect(tool.parameters.type).toBe("object");
		}
		expect(tools.edit.prepareArguments).toBeTypeOf("function");
	});

	it("picks built-in tools by name, ignoring unknown names and duplicates", () => {
		expect(createBuiltinTools("/tmp", ["ls", "my-extension-tool", "ls", "grep"]).map((tool) => tool.name)).toEqual([
			"ls",
			"grep",
		]);
	});

	it("has a system-prompt snippet for every built-in tool", () => {
		expect(Object.keys(BUILTIN_TOOL_SNIPPETS).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
		expect(BUILTIN_TOOL_SNIPPETS.grep).toBe("Search file contents for patterns (respects .gitignore)");
	});
});

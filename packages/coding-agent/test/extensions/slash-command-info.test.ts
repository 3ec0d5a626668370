import { describe, expect, it } from "vitest";
import { extensionCommandInfo, resourceCommandInfos } from "../../src/core/extensions/slash-command-info.js";
import type { PromptTemplate } from "../../src/core/resources/prompt-templates.js";
import type { Skill } from "../../src/core/resources/skills.js";

describe("slash command infos (rpc.md §9.10.1)", () => {
	it("gives an extension command's path only when it is an absolute file path", () => {
		const handler = () => undefined;
		expect(extensionCommandInfo({ name: "a", extensionPath: "/x/ext.ts", handler })).toEqual({
			name: "a",
			source: "extension",
			path: "/x/ext.ts",
		});
		expect(extensionCommandInfo({ name: "b", description: "B", extensionPath: "<inline:3>", handler })).toEqual({
			name: "b",
			description: "B",
			source: "extension",
		});
	});

	it("lists templates then skills with their location", () => {
		const template = { name: "fix", description: "Fix", source: "project", filePath: "/p/.pi/prompts/fix.md" };
		const skill = { name: "web", description: "", source: "global", filePath: "/h/skills/web/SKILL.md" };
		expect(resourceCommandInfos([template as unknown as PromptTemplate], [skill as unknown as Skill])).toEqual([
			{ name: "fix", description: "Fix", source: "prompt", location: "project", path: "/p/.pi/prompts/fix.md" },
			{ name: "skill:web", source: "skill", location: "user", path: "/h/skills/web/SKILL.md" },
		]);
	});
});

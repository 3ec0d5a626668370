import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkExtensionModule, importedSpecifiers } from "../../src/core/extensions/check-extension.js";

let root: string;
function write(path: string, content: string): string {
	const full = join(root, path);
	mkdirSync(dirname(full), { recursive: true });
	writeFileSync(full, content);
	return full;
}

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-check-ext-"));
});
afterEach(() => {
	rmSync(root, { recursive: true, force: true });
});

describe("importedSpecifiers", () => {
	it("lists static run-time imports; type-only, dynamic and required ones are left out", () => {
		const source = `import type { A } from "types-only";
import { Type } from "typebox";
import "./side.js";
export * from "./re";
const lazy = await import("lazy-pkg");
const cjs = require("cjs-pkg");
`;
		expect(importedSpecifiers(source).sort()).toEqual(["./re", "./side.js", "typebox"]);
	});
});

describe("checkExtensionModule", () => {
	it("accepts host modules, built-ins, siblings and installed packages without running the file", async () => {
		write("node_modules/dep/package.json", '{"name":"dep","type":"module","exports":{"import":"./i.js"}}');
		write("node_modules/dep/i.js", "export const x = 1;");
		write("ext/util.ts", "export const y = 2;");
		const path = write(
			"ext/index.ts",
			`import { Type } from "@mariozechner/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { readFileSync } from "node:fs";
import { y } from "./util.js";
import { x } from "dep";
throw new Error("top-level code ran");
export default function (pi: ExtensionAPI) {}
`,
		);
		expect(await checkExtensionModule(path)).toEqual({ ok: true });
	});

	it("names unresolved imports and syntax errors", async () => {
		const missing = write("a.ts", `import { z } from "not-installed";\nexport default () => {};\n`);
		expect(await checkExtensionModule(missing)).toEqual({ error: `${missing}: cannot resolve "not-installed"` });
		const broken = write("b.ts", "export default function ( {\n");
		const result = await checkExtensionModule(broken);
		expect(result).toEqual({ error: `${broken}:2:1: Unexpected token` });
	});
});

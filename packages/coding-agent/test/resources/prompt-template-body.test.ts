import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadTemplateFile } from "../../src/core/resources/prompt-templates.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function load(text: string) {
	dir = mkdtempSync(join(tmpdir(), "pi-prompt-"));
	const file = join(dir, "greet.md");
	writeFileSync(file, text);
	return loadTemplateFile(file, "user", []);
}

describe("prompt template body (as pi 1.4 reads published templates)", () => {
	it("trims the body after a frontmatter block", () => {
		expect(load("---\ndescription: greet\n---\n\n  Say hello to $1 please  \n\n")?.content).toBe(
			"Say hello to $1 please",
		);
	});

	it("keeps a file without frontmatter as it is", () => {
		expect(load("Plain $1 here\n\n")?.content).toBe("Plain $1 here\n\n");
	});
});

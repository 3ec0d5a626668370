import { describe, expect, it } from "vitest";
import { builtinCommandClashes } from "../../../src/modes/interactive/header-info.js";

const command = (name: string, registeredName: string, extensionPath: string) => ({
	name,
	registeredName,
	extensionPath,
	handler: () => undefined,
});

describe("builtinCommandClashes", () => {
	it("warns about an extension command named like a built-in, with its numbered name when it has one (pi 1.4)", () => {
		expect(builtinCommandClashes([command("quit", "quit", "/x/a.ts"), command("hello", "hello", "/x/a.ts")])).toEqual([
			`Extension command "/quit" of /x/a.ts has the name of a built-in command: here the built-in runs (the extension's runs over RPC and in print mode)`,
		]);
		expect(
			builtinCommandClashes([command("model:1", "model", "/x/a.ts"), command("model:2", "model", "/x/b.ts")]),
		).toEqual([
			`Extension command "/model" of /x/a.ts has the name of a built-in command: here the built-in runs; run the extension's as "/model:1"`,
			`Extension command "/model" of /x/b.ts has the name of a built-in command: here the built-in runs; run the extension's as "/model:2"`,
		]);
	});

	it("reads a command without registeredName (a host's own runner) by its name", () => {
		expect(builtinCommandClashes([{ name: "quit", handler: () => undefined }])).toHaveLength(1);
	});
});

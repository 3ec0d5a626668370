import { describe, expect, it } from "vitest";
import { parseArgs } from "../../src/cli/args.js";
import { resolveExtensionFlags } from "../../src/cli/extension-flags.js";
import { assembleInitialPrompts } from "../../src/cli/initial-message.js";
import { resolveAppMode } from "../../src/cli/main.js";
import { splitThinkingSuffix } from "../../src/cli/model-pattern.js";

const errors = (argv: string[]) => parseArgs(argv).diagnostics.map((diagnostic) => diagnostic.message);

describe("parseArgs", () => {
	it("rejects a bad --session-id in 1.4's words", () => {
		expect(parseArgs(["--session-id", "-bad-"]).diagnostics).toEqual([
			{
				type: "error",
				message:
					"Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', and start and end with an alphanumeric character",
			},
		]);
		expect(parseArgs(["--session-id", "my-task.1"]).args.sessionId).toBe("my-task.1");
	});

	it("-p consumes the next argument unless it starts with - or @ (--- counts as a message)", () => {
		expect(parseArgs(["-p", "hello", "world"]).args.messages).toEqual(["hello", "world"]);
		expect(parseArgs(["-p", "---"]).args.messages).toEqual(["---"]);
		const withFile = parseArgs(["-p", "@a.txt", "go"]).args;
		expect(withFile.fileArgs).toEqual(["a.txt"]);
		expect(withFile.messages).toEqual(["go"]);
		const withFlag = parseArgs(["-p", "--no-session", "x"]).args;
		expect(withFlag.noSession).toBe(true);
		expect(withFlag.messages).toEqual(["x"]);
	});

	it("--mode: a value is required, must not start with -, and must be known", () => {
		expect(parseArgs(["--mode", "json"]).args.mode).toBe("json");
		expect(parseArgs(["--mode", "acp"]).args.mode).toBe("acp");
		expect(errors(["--mode"])).toEqual(["--mode requires text, json, rpc, or acp"]);
		expect(errors(["--mode", "-p"])).toEqual(["--mode requires text, json, rpc, or acp"]);
		expect(errors(["--mode", "yaml"])).toEqual(['Invalid mode "yaml". Valid values: text, json, rpc, acp']);
	});

	it("collects repeatable and list flags", () => {
		const { args } = parseArgs([
			"-e",
			"a.ts",
			"--extension",
			"b.ts",
			"--tools",
			"read, bash",
			"--append-system-prompt",
			"one",
			"--append-system-prompt",
			"two",
			"--models",
			"claude*,gpt-4o:high",
		]);
		expect(args.extensions).toEqual(["a.ts", "b.ts"]);
		expect(args.tools).toEqual(["read", "bash"]);
		expect(args.appendSystemPrompt).toEqual(["one", "two"]);
		expect(args.models).toEqual(["claude*", "gpt-4o:high"]);
	});

	it("reports missing values, bad levels and conflicting session flags", () => {
		expect(errors(["--model"])).toEqual(["--model requires a value"]);
		expect(errors(["--session-dir", "--no-session"])).toEqual(["--session-dir requires a value"]);
		expect(errors(["--thinking", "ultra"])[0]).toMatch(/^Invalid thinking level "ultra"/);
		expect(errors(["-c", "--fork", "x"])).toEqual([
			"--fork and --continue cannot be combined: choose one way to pick the session",
		]);
		// 1.4: --no-tools starts from nothing and --tools adds to it.
		expect(errors(["--no-tools", "--tools", "read"])).toEqual([]);
		expect(errors(["-t", "read,+find"])).toEqual(["-t: tool names cannot be mixed with +name or -name entries"]);
		expect(errors(["--tools", "+e_*"])).toEqual([
			"--tools: +name and -name entries take exact tool names, not patterns: +e_*",
		]);
	});

	it("reads `--name=value` only as an extension flag, as pi 1.4 does (`--tools=read` is unknown)", () => {
		const { args, diagnostics } = parseArgs(["--tools=read,bash", "--mode=rpc", "-p", "hi"]);
		expect(diagnostics).toEqual([]);
		expect(args.tools).toBeUndefined();
		expect(args.mode).toBeUndefined();
		expect(args.unknownFlags.map((flag) => [flag.name, flag.value, flag.inline])).toEqual([
			["tools", "read,bash", true],
			["mode", "rpc", true],
		]);
		expect(resolveExtensionFlags(args, []).diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
			"Unknown options: --tools, --mode",
		]);
		expect(errors(["-t=read", "-zz"])).toEqual(["Unknown option: -t=read", "Unknown option: -zz"]);
	});

	it("keeps unknown flags for extensions, with the next argument as a candidate value", () => {
		const { args, diagnostics } = parseArgs(["first", "--plan", "second", "--depth=3", "--dry"]);
		expect(diagnostics).toEqual([]);
		expect(args.messages).toEqual(["first"]);
		expect(args.unknownFlags).toEqual([
			{ name: "plan", value: "second", inline: false, messageIndex: 1 },
			{ name: "depth", value: "3", inline: true, messageIndex: 1 },
			{ name: "dry", value: undefined, inline: false, messageIndex: 1 },
		]);
		const resolved = resolveExtensionFlags(args, [
			{ name: "plan", type: "boolean" },
			{ name: "depth", type: "string" },
		]);
		expect(resolved.values).toEqual(
			new Map<string, boolean | string>([
				["plan", true],
				["depth", "3"],
			]),
		);
		expect(args.messages).toEqual(["first", "second"]);
		expect(resolved.diagnostics.map((diagnostic) => diagnostic.message)).toEqual(["Unknown option: --dry"]);
	});
});

describe("resolveAppMode (run-modes.md §3)", () => {
	it("rpc beats everything, then json; print when asked or when stdio is not a terminal", () => {
		expect(resolveAppMode({ mode: "rpc", print: true }, false, false)).toBe("rpc");
		expect(resolveAppMode({ mode: "json", print: true }, true, true)).toBe("json");
		expect(resolveAppMode({ mode: "text", print: false }, true, true)).toBe("interactive");
		expect(resolveAppMode({ print: true }, true, true)).toBe("print");
		expect(resolveAppMode({ print: false }, false, true)).toBe("print");
		expect(resolveAppMode({ print: false }, true, false)).toBe("print");
	});
});

describe("initial prompt assembly (run-modes.md §5.2)", () => {
	it("stdin, then files, then the first message; the rest follow one by one", () => {
		const prompts = assembleInitialPrompts({
			stdin: "STDIN",
			files: { text: "FILES", images: [{ type: "image", data: "x", mimeType: "image/png" }] },
			messages: ["first", "second", "third"],
		});
		expect(prompts.initialMessage).toBe("STDIN\nFILES\nfirst");
		expect(prompts.initialImages).toHaveLength(1);
		expect(prompts.messages).toEqual(["second", "third"]);
		expect(assembleInitialPrompts({ files: { text: "", images: [] }, messages: [] }).initialMessage).toBeUndefined();
	});
});

describe("splitThinkingSuffix", () => {
	it("takes a known level only, so ids with colons survive", () => {
		expect(splitThinkingSuffix("anthropic/claude-sonnet-4:high")).toEqual({
			pattern: "anthropic/claude-sonnet-4",
			thinking: "high",
		});
		expect(splitThinkingSuffix("qwen2.5-coder:7b")).toEqual({ pattern: "qwen2.5-coder:7b" });
	});
});

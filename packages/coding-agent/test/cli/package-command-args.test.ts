// `pi install | remove | update | list` arguments, read as pi 1.4 reads them.
import { describe, expect, it } from "vitest";
import { PACKAGE_COMMAND_USAGE, parsePackageCommand } from "../../src/cli/package-command-args.js";

const parse = (...argv: string[]) => parsePackageCommand(argv)!;

describe("parsePackageCommand: update targets", () => {
	it("no target updates pi only and says packages were skipped; self/pi/--self are the same", () => {
		expect(parse("update")).toMatchObject({ updateTarget: { type: "self" }, extensionsSkipped: true });
		for (const argv of [
			["update", "--self"],
			["update", "self"],
			["update", "pi"],
		]) {
			expect(parse(...argv), argv.join(" ")).toMatchObject({
				updateTarget: { type: "self" },
				extensionsSkipped: false,
			});
		}
	});

	it("--extensions, a source, --extension <source>, --all, --self --extensions, --models, --force", () => {
		expect(parse("update", "--extensions").updateTarget).toEqual({ type: "extensions" });
		expect(parse("update", "npm:x")).toMatchObject({
			updateTarget: { type: "extensions", source: "npm:x" },
			source: "npm:x",
		});
		expect(parse("update", "--extension", "npm:x").updateTarget).toEqual({ type: "extensions", source: "npm:x" });
		expect(parse("update", "--all").updateTarget).toEqual({ type: "all" });
		expect(parse("update", "--self", "--extensions").updateTarget).toEqual({ type: "all" });
		expect(parse("update", "pi", "--extensions").updateTarget).toEqual({ type: "all" });
		expect(parse("update", "--models").updateTarget).toEqual({ type: "models" });
		expect(parse("update", "--force")).toMatchObject({ force: true, updateTarget: { type: "self" } });
	});

	it("refuses what 1.4 refuses, in its words and without an Error: prefix", () => {
		const usage = `Usage: ${PACKAGE_COMMAND_USAGE.update}`;
		expect(parse("update", "--all", "npm:x").problem).toEqual({
			message: "--all cannot be combined with a positional source",
			hint: usage,
		});
		expect(parse("update", "--models", "--all").problem?.message).toBe(
			"--all cannot be combined with --self, --extensions, --models, or --extension",
		);
		expect(parse("update", "--models", "npm:x").problem?.message).toBe(
			"--models cannot be combined with a positional source",
		);
		expect(parse("update", "--extension").problem).toEqual({ message: "Missing value for --extension.", hint: usage });
		expect(parse("update", "--extension", "a", "--extension", "b").problem?.message).toBe(
			"--extension can only be provided once",
		);
		expect(parse("update", "--extensions", "npm:x").problem?.message).toBe(
			"positional update targets cannot be combined with --self, --extensions, or --all",
		);
		expect(parse("update", "-l").problem).toEqual({
			message: 'Unknown option -l for "update".',
			hint: `Use "pi --help" or "${PACKAGE_COMMAND_USAGE.update}".`,
		});
	});
});

describe("parsePackageCommand: install, remove, list", () => {
	it("reads sources and options; uninstall is remove", () => {
		expect(parse("install", "npm:x", "-l", "-y", "-a")).toMatchObject({
			command: "install",
			source: "npm:x",
			local: true,
			yes: true,
			approve: true,
		});
		expect(parse("uninstall", "npm:x", "-na")).toMatchObject({ command: "remove", source: "npm:x", approve: false });
		expect(parse("list", "stray").problem).toBeUndefined();
		expect(parse("status")).toBeUndefined();
	});

	it("words mistakes as 1.4 does", () => {
		expect(parse("install").problem).toEqual({
			message: "Missing install source.",
			hint: `Usage: ${PACKAGE_COMMAND_USAGE.install}`,
		});
		expect(parse("remove").problem?.message).toBe("Missing remove source.");
		expect(parse("install", "a", "b").problem?.message).toBe("Unexpected argument b.");
		expect(parse("install", "--bogus", "x").problem).toEqual({
			message: 'Unknown option --bogus for "install".',
			hint: `Use "pi --help" or "${PACKAGE_COMMAND_USAGE.install}".`,
		});
		expect(parse("install", "--force", "x").problem?.message).toBe('Unknown option --force for "install".');
		expect(parse("install", "--help").problem).toBeUndefined();
	});
});

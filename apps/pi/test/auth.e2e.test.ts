import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type PiTestEnv, runPi } from "./support/index.js";

let env: PiTestEnv;

beforeEach(() => {
	env = createPiTestEnv();
});

afterEach(() => {
	env.cleanup();
});

const authFile = () => join(env.agentDir, "auth.json");

describe("pi auth", () => {
	it("set reads the key from stdin, stores it with mode 0600, and list shows where it comes from (not the key)", async () => {
		const set = await runPi(env, ["auth", "set", "anthropic"], { stdin: "sk-ant-secret-value\n" });
		expect(set.stderr).toBe("");
		expect(set.code).toBe(0);
		expect(set.stdout).not.toContain("sk-ant-secret-value");
		expect(JSON.parse(readFileSync(authFile(), "utf8"))).toEqual({
			anthropic: { type: "api_key", key: "sk-ant-secret-value" },
		});
		expect(statSync(authFile()).mode & 0o777).toBe(0o600);

		const list = await runPi(env, ["auth", "list"], { extraEnv: { OPENAI_API_KEY: "from-env" } });
		expect(list.code).toBe(0);
		expect(list.stdout).toMatch(/^anthropic\s+auth\.json$/m);
		expect(list.stdout).toMatch(/^openai\s+env OPENAI_API_KEY$/m);
		expect(list.stdout).not.toContain("sk-ant-secret-value");
		expect(list.stdout).not.toContain("from-env");

		const status = await runPi(env, ["auth", "status", "anthropic"]);
		expect(status.stdout).toMatch(/^anthropic\s+ready \(auth\.json\)$/m);
	});

	it("refuses a key on the command line and an unknown provider", async () => {
		const argvKey = await runPi(env, ["auth", "set", "anthropic", "sk-in-history"]);
		expect(argvKey.code).toBe(1);
		expect(argvKey.stderr).toContain("no key on the command line");
		expect(existsSync(authFile())).toBe(false);

		const unknown = await runPi(env, ["auth", "set", "nope"], { stdin: "x" });
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toBe("Error: Unknown provider: nope\n");
	});

	it("remove deletes the stored entry", async () => {
		await runPi(env, ["auth", "set", "openai"], { stdin: "sk-1" });
		const removed = await runPi(env, ["auth", "remove", "openai"]);
		expect(removed.code).toBe(0);
		expect(JSON.parse(readFileSync(authFile(), "utf8"))).toEqual({});
	});

	it("a stored key makes pi usable: the no-model guidance is gone", async () => {
		await runPi(env, ["auth", "set", "anthropic"], { stdin: "sk-ant-x" });
		const result = await runPi(env, ["--list-models", "claude"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^anthropic +claude-/m);
	});
});

describe("metadata commands", () => {
	it("--version prints the version of the binary", async () => {
		const result = await runPi(env, ["--version"]);
		expect(result.code).toBe(0);
		const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
		expect(result.stdout).toBe(`${pkg.version}\n`);
	});

	it("--help lists every flag and the subcommands and exits 0", async () => {
		const result = await runPi(env, ["--help"]);
		expect(result.code).toBe(0);
		for (const flag of [
			"--mode",
			"--print",
			"--provider",
			"--model",
			"--thinking",
			"--models",
			"--list-models",
			"--api-key",
			"--name",
			"--no-session",
			"--session-dir",
			"--session",
			"--continue",
			"--resume",
			"--fork",
			"--extension",
			"--no-extensions",
			"--skill",
			"--no-skills",
			"--tools",
			"--no-tools",
			"--no-builtin-tools",
			"--exclude-tools",
			"--system-prompt",
			"--append-system-prompt",
			"--no-themes",
			"--verbose",
			"pi auth set <provider>",
			"pi -c -p",
		]) {
			expect(result.stdout).toContain(flag);
		}
	});
});

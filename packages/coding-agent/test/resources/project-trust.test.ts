import { mkdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasProjectTrustInputs } from "../../src/core/resources/context-files.js";
import { resolveProjectTrust, TrustStore } from "../../src/core/resources/project-trust.js";
import { describeSkippedProjectInputs } from "../../src/core/resources/resource-loader.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

describe("trust.json", () => {
	it("stores pi 1.4's `true` under the canonical (realpath) cwd with mode 0600", () => {
		const agentDir = tempDir();
		const real = tempDir();
		const link = join(tempDir(), "link");
		symlinkSync(real, link);
		const store = TrustStore.forAgentDir(agentDir);
		store.set(link, true);
		const path = join(agentDir, "trust.json");
		const saved = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
		expect(saved).toEqual({ [realpathSync(real)]: true });
		expect(statSync(path).mode & 0o777).toBe(0o600);
		expect(store.get(real)).toBe(true);
	});

	it("reads both formats, a decision covering subdirectories, and rewrites old entries in 1.4's format", () => {
		const agentDir = tempDir();
		const parent = realpathSync(tempDir());
		const old = realpathSync(tempDir());
		const child = join(parent, "sub", "deeper");
		mkdirSync(child, { recursive: true });
		writeFileSync(
			join(agentDir, "trust.json"),
			JSON.stringify({ [parent]: true, [old]: { trusted: false, decidedAt: "2026-01-01T00:00:00.000Z" } }),
		);
		const store = TrustStore.forAgentDir(agentDir);
		expect(store.get(child)).toBe(true);
		expect(store.get(old)).toBe(false);
		store.set(join(parent, "sub"), false);
		expect(store.get(child)).toBe(false);
		expect(JSON.parse(readFileSync(join(agentDir, "trust.json"), "utf8"))).toEqual({
			[parent]: true,
			[join(parent, "sub")]: false,
			[old]: false,
		});
	});

	it("refuses to overwrite a trust.json that is not valid JSON", () => {
		const agentDir = tempDir();
		writeFileSync(join(agentDir, "trust.json"), "{oops");
		expect(() => TrustStore.forAgentDir(agentDir).set(tempDir(), true)).toThrow(/Not saving trust decision/);
		expect(readFileSync(join(agentDir, "trust.json"), "utf8")).toBe("{oops");
	});
});

describe("resolveProjectTrust", () => {
	it("asks project_trust handlers after the CLI flag and before the saved decision", () => {
		const cwd = tempDir();
		const store = TrustStore.forAgentDir(tempDir());
		store.set(cwd, true);
		const base = { cwd, hasInputs: true, store, alwaysTrust: true, defaultProjectTrust: "always" as const };
		expect(resolveProjectTrust({ ...base, extensionDecision: false })).toEqual({ trusted: false, source: "extension" });
		expect(resolveProjectTrust({ ...base, extensionDecision: false, cliApprove: true })).toEqual({
			trusted: true,
			source: "cli",
		});
		expect(resolveProjectTrust(base)).toEqual({ trusted: true, source: "saved" });
	});
});

describe("trust inputs", () => {
	it("are .pi/, AGENTS.md or CLAUDE.md in cwd or an ancestor, or .agents/skills", () => {
		const root = tempDir();
		const cwd = join(root, "a", "b");
		mkdirSync(cwd, { recursive: true });
		expect(hasProjectTrustInputs(cwd)).toBe(false);
		mkdirSync(join(root, ".agents", "skills"), { recursive: true });
		expect(hasProjectTrustInputs(cwd)).toBe(true);
		const other = tempDir();
		mkdirSync(join(other, ".pi"));
		expect(hasProjectTrustInputs(other)).toBe(true);
	});

	it("are named for the stderr notice of non-interactive modes", () => {
		const cwd = tempDir();
		writeFileSync(join(cwd, "AGENTS.md"), "x");
		mkdirSync(join(cwd, ".pi", "prompts"), { recursive: true });
		mkdirSync(join(cwd, ".agents", "skills"), { recursive: true });
		expect(describeSkippedProjectInputs(cwd)).toEqual([
			join(cwd, "AGENTS.md"),
			join(".pi", "prompts"),
			".agents/skills",
		]);
	});
});

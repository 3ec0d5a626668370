import { describe, expect, it } from "vitest";
import { NpmClient } from "../../src/core/packages/npm-client.js";

describe("NpmClient (npmCommand setting)", () => {
	it("defaults to npm without installing pi's own packages as peers", () => {
		const npm = new NpmClient(undefined);
		expect(npm.command).toBe("npm");
		expect(npm.installArgs(["pi-x"], "/root")).toEqual([
			"install",
			"pi-x",
			"--prefix",
			"/root",
			"--legacy-peer-deps",
			"--no-audit",
			"--no-fund",
		]);
	});

	it("speaks pnpm and bun, and finds the manager behind a wrapper", () => {
		expect(new NpmClient(["pnpm"]).installArgs(["a"], "/r")).toContain("--config.auto-install-peers=false");
		expect(new NpmClient(["bun"]).installArgs(["a"], "/r")).toEqual(["install", "a", "--cwd", "/r", "--omit=peer"]);
		const wrapped = new NpmClient(["mise", "exec", "--", "pnpm"]);
		expect(wrapped.command).toBe("mise");
		expect(wrapped.prefixArgs).toEqual(["exec", "--", "pnpm"]);
		expect(wrapped.name).toBe("pnpm");
	});

	it("an ambiguous wrapper is a user error naming the fix", () => {
		expect(() => new NpmClient(["wrap", "npm", "pnpm"])).toThrow(/put "--" before the package manager/);
	});
});

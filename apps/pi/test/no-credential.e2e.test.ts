// Runs that are not at a terminal, on a machine with no credential (issue 27): print mode, JSON
// mode and a piped prompt keep the first-run guidance on stderr and exit status 1 (only a run at
// a terminal opens the app with /login at hand: interactive-first-run.e2e.test.ts).
import { afterEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type PiTestEnv, runPi } from "./support/index.js";

let env: PiTestEnv | undefined;

afterEach(() => {
	env?.cleanup();
	env = undefined;
});

describe("no credential, not at a terminal", () => {
	it.each([
		["print", ["-p", "hi"], undefined],
		["json", ["--mode", "json", "hi"], undefined],
		["piped", [], "hi\n"],
	] as const)("%s: prints the guidance with the sign-in command and exits 1", async (_name, args, stdin) => {
		env = createPiTestEnv();
		const result = await runPi(env, args, stdin === undefined ? {} : { stdin });
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain("pi: no model available: no provider has a credential.");
		expect(result.stderr).toContain("pi auth login anthropic");
		expect(result.stderr).toContain("pi auth set anthropic");
	});
});

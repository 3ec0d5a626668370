// pi packages end to end (issue 21): install from a loopback npm registry, a git repository served
// over loopback HTTP and a local path; load, list, filters, pinning, update, remove, trust, -e.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";
import { commitAndPush, LoopbackGitServer, LoopbackRegistry, writePackage } from "./support/package-servers.js";

const TIMEOUT = 120_000;

function fixture(name: string, version: string) {
	return {
		"package.json": JSON.stringify({ name, version, keywords: ["pi-package"] }),
		"extensions/hello.ts": `export default function (pi) {
	pi.on("session_start", () => console.log("loaded:${name}@${version}"));
	pi.registerCommand("${name}-hello", { description: "say hello", handler: async () => {} });
}
`,
		"skills/fixture-skill/SKILL.md":
			"---\nname: fixture-skill\ndescription: Fixture skill from a package.\n---\nUse it.\n",
		"prompts/fixture-greet.md": "---\ndescription: greet\n---\nSay hello to $1 please\n",
	};
}

let registry: LoopbackRegistry;
let gitServer: LoopbackGitServer;
let scratch: PiTestEnv;
let env: PiTestEnv;
let mock: MockLlm;

beforeAll(async () => {
	scratch = createPiTestEnv();
	registry = new LoopbackRegistry();
	await registry.start();
	for (const version of ["1.0.0", "1.1.0"]) {
		const dir = join(scratch.root, `pkg-${version}`);
		writePackage(dir, fixture("pi-fixture", version));
		registry.publish(dir, "pi-fixture", version);
	}
	const two = join(scratch.root, "pkg-two");
	writePackage(two, fixture("pi-fixture-two", "1.0.0"));
	registry.publish(two, "pi-fixture-two", "1.0.0");
	mkdirSync(join(scratch.root, "git", "owner"), { recursive: true });
	gitServer = new LoopbackGitServer(join(scratch.root, "git"));
	await gitServer.start();
	const work = join(scratch.root, "git-work");
	const bare = join(scratch.root, "git", "owner", "repo.git");
	commitAndPush(work, bare, fixture("pi-gitpkg", "1.0.0"), "v1");
	commitAndPush(work, bare, fixture("pi-gitpkg", "2.0.0"));
}, TIMEOUT);

afterAll(async () => {
	await registry.close();
	await gitServer.close();
	scratch.cleanup();
});

beforeEach(async () => {
	env = createPiTestEnv({
		npm_config_registry: registry.url,
		npm_config_audit: "false",
		npm_config_fund: "false",
	});
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

const settings = () =>
	JSON.parse(readFileSync(join(env.agentDir, "settings.json"), "utf8")) as { packages?: unknown[] };
const pi = (args: string[], cwd?: string) => runPi(env, args, { timeoutMs: 90_000, cwd });
function lastRequest(): string {
	return JSON.stringify(mock.requests.at(-1)?.body);
}

describe("pi install from npm", () => {
	it(
		"installs into <agentDir>/npm, writes settings once, lists and loads extensions, skills and prompts",
		async () => {
			const first = await pi(["install", "npm:pi-fixture"]);
			expect(first.stderr).toBe("");
			expect(first.code).toBe(0);
			expect(first.stdout).toContain("Installed npm:pi-fixture");
			expect(existsSync(join(env.agentDir, "npm", "node_modules", "pi-fixture", "package.json"))).toBe(true);
			const again = await pi(["install", "npm:pi-fixture"]);
			expect(again.code).toBe(0);
			expect(settings().packages).toEqual(["npm:pi-fixture"]);

			const list = await pi(["list"]);
			expect(list.stdout).toContain("npm:pi-fixture");
			expect(list.stdout).toContain("extension: extensions/hello.ts (loads)");
			expect(list.stdout).toContain("skill: skills/fixture-skill/SKILL.md (enabled)");

			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const run = await pi(["-p", "/fixture-greet Bob"]);
			expect(run.code).toBe(0);
			expect(run.stderr).toContain("loaded:pi-fixture@1.1.0");
			expect(lastRequest()).toContain("Say hello to Bob please");
			expect(lastRequest()).toContain("fixture-skill");
		},
		TIMEOUT,
	);

	it(
		"two concurrent installs in one HOME both land: npm project and settings name both packages",
		async () => {
			const [first, second] = await Promise.all([
				pi(["install", "npm:pi-fixture@1.0.0"]),
				pi(["install", "npm:pi-fixture-two"]),
			]);
			expect(first.code).toBe(0);
			expect(second.code).toBe(0);
			expect([...(settings().packages ?? [])].sort()).toEqual(["npm:pi-fixture-two", "npm:pi-fixture@1.0.0"]);
			const project = JSON.parse(readFileSync(join(env.agentDir, "npm", "package.json"), "utf8")) as {
				dependencies: Record<string, string>;
			};
			expect(Object.keys(project.dependencies).sort()).toEqual(["pi-fixture", "pi-fixture-two"]);
			expect(existsSync(join(env.agentDir, "npm.lock"))).toBe(false);
			for (const name of ["pi-fixture", "pi-fixture-two"]) {
				expect(existsSync(join(env.agentDir, "npm", "node_modules", name, "package.json"))).toBe(true);
			}
		},
		TIMEOUT,
	);

	it(
		"a pinned version stays on update; unpinned updates to the newest; remove deletes entry and files",
		async () => {
			expect((await pi(["install", "npm:pi-fixture@1.0.0"])).code).toBe(0);
			const installed = join(env.agentDir, "npm", "node_modules", "pi-fixture", "package.json");
			const version = () => (JSON.parse(readFileSync(installed, "utf8")) as { version: string }).version;
			expect(version()).toBe("1.0.0");
			expect((await pi(["update", "--extensions"])).code).toBe(0);
			expect(version()).toBe("1.0.0");
			expect((await pi(["install", "npm:pi-fixture"])).code).toBe(0);
			expect(settings().packages).toEqual(["npm:pi-fixture"]);
			expect((await pi(["update", "npm:pi-fixture"])).code).toBe(0);
			expect(version()).toBe("1.1.0");
			const removed = await pi(["remove", "npm:pi-fixture"]);
			expect(removed.code).toBe(0);
			expect(settings().packages).toEqual([]);
			expect(existsSync(installed)).toBe(false);
			const again = await pi(["uninstall", "npm:pi-fixture"]);
			expect(again.code).toBe(1);
			expect(again.stderr).toBe("No matching package found for npm:pi-fixture\n");
		},
		TIMEOUT,
	);

	it(
		"filters in the settings entry narrow what loads",
		async () => {
			expect((await pi(["install", "npm:pi-fixture"])).code).toBe(0);
			const current = settings();
			current.packages = [{ source: "npm:pi-fixture", skills: [], prompts: ["!fixture-greet.md"] }];
			writeFileSync(join(env.agentDir, "settings.json"), JSON.stringify(current));
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const run = await pi(["-p", "/fixture-greet Bob"]);
			expect(run.stderr).toContain("loaded:pi-fixture");
			expect(lastRequest()).not.toContain("Say hello to Bob please");
			expect(lastRequest()).not.toContain("fixture-skill");
			const list = await pi(["list"]);
			expect(list.stdout).toContain("npm:pi-fixture (filtered)");
			expect(list.stdout).toContain("skill: skills/fixture-skill/SKILL.md (disabled)");
		},
		TIMEOUT,
	);

	it(
		"-e npm:pkg loads a package for one run without touching settings",
		async () => {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const run = await pi(["-e", "npm:pi-fixture@1.0.0", "-p", "/fixture-greet Ann"]);
			expect(run.code).toBe(0);
			expect(run.stderr).toContain("loaded:pi-fixture@1.0.0");
			expect(lastRequest()).toContain("Say hello to Ann please");
			expect(settings().packages).toBeUndefined();
		},
		TIMEOUT,
	);

	it(
		"bad sources fail with one line and write nothing",
		async () => {
			const before = readFileSync(join(env.agentDir, "settings.json"), "utf8");
			for (const source of ["npm:no-such-package-here", "npm:Bad Name", "./missing-folder", "git:github.com/x"]) {
				const result = await pi(["install", source]);
				expect(result.code, source).toBe(1);
				// npm's own lines come first (passed through, as in pi 1.4); pi's one line ends it.
				expect(result.stderr.trimEnd().split("\n").at(-1), source).toMatch(/^Error: /);
			}
			expect(readFileSync(join(env.agentDir, "settings.json"), "utf8")).toBe(before);
			expect(existsSync(join(env.agentDir, "npm"))).toBe(false);
			expect(existsSync(join(env.agentDir, "git"))).toBe(false);
			const badGit = await pi(["install", `${gitServer.url}owner/missing.git`]);
			expect(badGit.code).toBe(1);
			expect(existsSync(join(env.agentDir, "git"))).toBe(false);
		},
		TIMEOUT,
	);
});

describe("pi install from git and local paths", () => {
	it(
		"clones into <agentDir>/git/<host>/<path> at the pinned tag; update keeps the tag",
		async () => {
			const source = `${gitServer.url}owner/repo.git@v1`;
			const result = await pi(["install", source]);
			expect(result.stderr).toMatch(/^Cloning into .*\.\.\.\n$/);
			expect(result.code).toBe(0);
			const checkout = join(env.agentDir, "git", "127.0.0.1", "owner", "repo");
			expect(JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).version).toBe("1.0.0");
			expect((await pi(["update", "--extensions"])).code).toBe(0);
			expect(JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).version).toBe("1.0.0");
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["-p", "hi"])).stderr).toContain("loaded:pi-gitpkg@1.0.0");
			const badRef = await pi(["install", `${gitServer.url}owner/repo.git@no-such-tag`], env.root);
			expect(badRef.code).toBe(1);
			expect(badRef.stderr).toMatch(/\nError: Could not install .*no-such-tag.*\n$/);
			const missing = await pi(["install", `${gitServer.url}owner/missing.git`]);
			expect(missing.code).toBe(1);
			expect(missing.stderr).toMatch(/\nError: Could not install .*: fatal: repository .* not found\n$/);
			const unpinned = await pi(["install", `${gitServer.url}owner/repo.git`]);
			expect(unpinned.code).toBe(0);
			expect(settings().packages).toEqual([`${gitServer.url}owner/repo.git`]);
			expect((await pi(["update", "--extensions"])).code).toBe(0);
			expect(JSON.parse(readFileSync(join(checkout, "package.json"), "utf8")).version).toBe("2.0.0");
		},
		TIMEOUT,
	);

	it(
		"a local path loads in place, stored relative to the settings file",
		async () => {
			const dir = join(env.root, "local-pkg");
			writePackage(dir, fixture("pi-local", "0.1.0"));
			const result = await pi(["install", dir]);
			expect(result.code).toBe(0);
			// Relative to the agent dir (<root>/home/.pi/agent), where the settings file is.
			expect(settings().packages).toEqual(["../../../local-pkg"]);
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["-p", "hi"])).stderr).toContain("loaded:pi-local@0.1.0");
			// -e with a package folder loads its prompts and skills too, for that run only.
			const other = join(env.root, "one-run-pkg");
			writePackage(other, fixture("pi-once", "0.2.0"));
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const once = await pi(["-e", other, "-p", "/fixture-greet Kim"]);
			expect(once.stderr).toContain("loaded:pi-once@0.2.0");
			expect(lastRequest()).toContain("Say hello to Kim please");
			expect(settings().packages).toEqual(["../../../local-pkg"]);
		},
		TIMEOUT,
	);

	it(
		"project packages install and load only once the project is trusted",
		async () => {
			mkdirSync(join(env.cwd, ".pi"), { recursive: true });
			writeFileSync(join(env.cwd, ".pi", "settings.json"), "{}");
			const refused = await pi(["install", "-l", "npm:pi-fixture"]);
			expect(refused.code).toBe(1);
			expect(refused.stderr).toContain("Project is not trusted");
			const approved = await pi(["install", "-l", "-a", "npm:pi-fixture@1.0.0"]);
			expect(approved.code).toBe(0);
			expect(existsSync(join(env.cwd, ".pi", "npm", "node_modules", "pi-fixture"))).toBe(true);
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["-p", "hi"])).stderr).not.toContain("loaded:pi-fixture");
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["--approve", "-p", "hi"])).stderr).toContain("loaded:pi-fixture@1.0.0");
		},
		TIMEOUT,
	);

	it(
		"pi config lists resources and --disable / --enable write filters that loading honours",
		async () => {
			const dir = join(env.root, "cfg-pkg");
			writePackage(dir, fixture("pi-cfg", "0.1.0"));
			expect((await pi(["install", dir])).code).toBe(0);
			const listed = await pi(["config", "--list"]);
			expect(listed.stdout).toContain("[x] prompts/fixture-greet.md");
			expect(listed.stdout).toContain("  [x] builtin:mcp\n");
			expect(listed.stdout).not.toContain("builtin:builtin:");
			const disabled = await pi(["config", "--disable", "prompts/fixture-greet.md"]);
			expect(disabled.code).toBe(0);
			expect(settings().packages).toEqual([{ source: "../../../cfg-pkg", prompts: ["-prompts/fixture-greet.md"] }]);
			expect((await pi(["config", "--list"])).stdout).toContain("[ ] prompts/fixture-greet.md");
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			await pi(["-p", "/fixture-greet Zed"]);
			expect(lastRequest()).not.toContain("Say hello to Zed please");
			expect((await pi(["config", "--enable", "prompts/fixture-greet.md"])).code).toBe(0);
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			await pi(["-p", "/fixture-greet Zed"]);
			expect(lastRequest()).toContain("Say hello to Zed please");
			const unknown = await pi(["config", "--disable", "prompts/nope.md"]);
			expect(unknown.code).toBe(1);
			expect(unknown.stderr).toMatch(/^Error: No package resource "prompts\/nope.md"/);
		},
		TIMEOUT,
	);

	it(
		"pi list checks extensions without running their top-level code and names one that cannot load",
		async () => {
			const dir = join(env.root, "side-effect-pkg");
			const marker = join(env.root, "top-level-ran");
			writePackage(dir, {
				"package.json": JSON.stringify({ name: "pi-side-effect", version: "1.0.0" }),
				"extensions/ok.ts": `import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(marker)}, "ran");
export default function () {}
`,
				"extensions/broken.ts": `import { x } from "not-installed-anywhere";\nexport default function () {}\n`,
			});
			expect((await pi(["install", dir])).code).toBe(0);
			const listed = await pi(["list"]);
			expect(listed.code).toBe(0);
			expect(listed.stdout).toContain("extension: extensions/ok.ts (loads)");
			expect(listed.stdout).toContain("extension: extensions/broken.ts (fails to load:");
			expect(listed.stdout).toContain('cannot resolve "not-installed-anywhere"');
			expect(existsSync(marker)).toBe(false);
		},
		TIMEOUT,
	);

	it("each package command has --help", async () => {
		for (const command of ["install", "remove", "uninstall", "update", "list", "config"]) {
			const result = await pi([command, "--help"]);
			expect(result.code, command).toBe(0);
			expect(result.stdout, command).toMatch(/^Usage: pi /);
		}
	});
});

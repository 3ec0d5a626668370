import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockLlm } from "@pi/llm-mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readmeBlocks } from "./support/readme-blocks.js";
import { run } from "./support/run.js";
import { packAll, publishablePackages, ROOT } from "./support/workspace.js";

// The packages as a third party meets them (issue 15): packed as `pnpm publish` would, installed
// with npm into a folder outside the workspace, type-checked with `skipLibCheck: false`, and each
// README quick start run as written from the installed tarballs, offline.

const packages = publishablePackages();
const typescriptCli = createRequire(import.meta.url).resolve("typescript/bin/tsc", { paths: [ROOT] });
const rootManifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
	devDependencies: Record<string, string>;
};

/** Type-level checks of the published declarations that a README example would not catch. */
const PROBES = `import { createAllTools } from "@pi/coding-agent";
import { getModel } from "@pi/ai";

type IsAny<T> = 0 extends 1 & T ? true : false;
const tools = createAllTools(process.cwd());
export const lsParametersAreTyped: IsAny<typeof tools.ls.parameters> = false;
export const editParametersAreTyped: IsAny<typeof tools.edit.parameters> = false;
export const known = getModel("anthropic", "claude-sonnet-4-6").id;
// @ts-expect-error: an unknown model id of a built-in provider must not compile.
export const unknown = () => getModel("anthropic", "claude-nope");
`;

let work = "";
let consumer = "";
const examples: { pkg: string; file: string; quickStart: boolean; code: string }[] = [];
let typeCheckOutput = "";

function slug(name: string): string {
	return name.replace(/^@/, "").replace("/", "-");
}

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), "pi-consumer-"));
	consumer = join(work, "consumer");
	const tarballs = join(work, "tarballs");
	mkdirSync(tarballs);
	mkdirSync(join(consumer, "src"), { recursive: true });
	const dependencies: Record<string, string> = {};
	for (const [name, tarball] of packAll(packages, tarballs)) dependencies[name] = `file:${tarball}`;
	writeFileSync(
		join(consumer, "package.json"),
		JSON.stringify(
			{
				name: "pi-consumer",
				private: true,
				type: "module",
				dependencies: { ...dependencies, "@types/node": rootManifest.devDependencies["@types/node"] },
				// The tarballs depend on each other by version (0.1.0, not on the registry): use the local ones.
				overrides: dependencies,
			},
			null,
			"\t",
		),
	);
	execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
		cwd: consumer,
		encoding: "utf8",
		env: { ...process.env, npm_config_workspaces: "false" },
	});
	for (const pkg of packages) {
		readmeBlocks(join(pkg.dir, "README.md")).forEach((block, index) => {
			const file = `${slug(pkg.name)}-${index + 1}`;
			writeFileSync(join(consumer, "src", `${file}.ts`), block.code);
			examples.push({ pkg: pkg.name, file, quickStart: block.quickStart, code: block.code });
		});
	}
	writeFileSync(join(consumer, "src", "probes.ts"), PROBES);
	writeFileSync(
		join(consumer, "tsconfig.json"),
		JSON.stringify({
			compilerOptions: {
				target: "ES2023",
				lib: ["ES2023"],
				module: "NodeNext",
				moduleResolution: "NodeNext",
				strict: true,
				noUncheckedIndexedAccess: true,
				skipLibCheck: false,
				types: ["node"],
				rootDir: "src",
				outDir: "dist",
			},
			include: ["src"],
		}),
	);
	try {
		execFileSync(process.execPath, [typescriptCli, "-p", consumer], { cwd: consumer, encoding: "utf8" });
	} catch (error) {
		typeCheckOutput = String((error as { stdout?: string }).stdout ?? error);
	}
});

afterAll(() => {
	if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packages installed from their tarballs", () => {
	it("covers every publishable package", () => {
		expect(packages.map((pkg) => pkg.name).sort()).toEqual(
			expect.arrayContaining(["@pi/agent-core", "@pi/ai", "@pi/cli", "@pi/coding-agent", "@pi/llm-mock", "@pi/tui"]),
		);
	});

	it("type-check every README example and the probes with strict and skipLibCheck false", () => {
		expect(typeCheckOutput).toBe("");
	});

	it("give every library README an offline quick start", () => {
		const withQuickStart = new Set(examples.filter((example) => example.quickStart).map((example) => example.pkg));
		expect([...withQuickStart].sort()).toEqual([
			"@pi/agent-core",
			"@pi/ai",
			"@pi/coding-agent",
			"@pi/llm-mock",
			"@pi/tui",
		]);
	});

	it("run the pi binary", async () => {
		const result = await run(join(consumer, "node_modules", ".bin", "pi"), ["--version"], {
			cwd: consumer,
			env: offlineEnv(),
			timeoutMs: 20_000,
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toMatch(/\d+\.\d+\.\d+/);
		expect(result.code).toBe(0);
	});

	it("list the built-in catalogue from the installed pi binary (the model data files are packed)", async () => {
		const result = await run(join(consumer, "node_modules", ".bin", "pi"), ["--list-models", "deepseek"], {
			cwd: consumer,
			env: { ...offlineEnv(), DEEPSEEK_API_KEY: "x", PI_SKIP_VERSION_CHECK: "1" },
			timeoutMs: 20_000,
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toMatch(/^deepseek +deepseek-\S+/m);
		expect(result.code).toBe(0);
	});

	it("run the installed pi binary against llm-mock, the second time from its compile cache", async () => {
		const mock = await startMockLlm();
		try {
			const env: NodeJS.ProcessEnv = {
				...offlineEnv(),
				XDG_CACHE_HOME: join(work, "cache"),
				PI_SKIP_VERSION_CHECK: "1",
			};
			const agentDir = env.PI_CODING_AGENT_DIR as string;
			mkdirSync(agentDir, { recursive: true });
			writeFileSync(
				join(agentDir, "models.json"),
				JSON.stringify({
					providers: {
						mock: { baseUrl: `${mock.url}/v1`, api: "openai-completions", apiKey: "x", models: [{ id: "m" }] },
					},
				}),
			);
			writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProvider: "mock", defaultModel: "m" }));
			const cacheFiles = () => readdirSync(join(work, "cache", "pi"));
			for (const attempt of [1, 2]) {
				mock.enqueue({ type: "reply", blocks: [{ type: "text", text: `answer ${attempt}` }] });
				const result = await run(join(consumer, "node_modules", ".bin", "pi"), ["-p", "--no-session", "hi"], {
					cwd: consumer,
					env,
					timeoutMs: 30_000,
				});
				expect(result.stderr).toBe("");
				expect(result.stdout).toBe(`answer ${attempt}\n`);
				expect(result.code).toBe(0);
				expect(cacheFiles()).toEqual([expect.stringMatching(/^code-cache-.*\.bin$/)]);
			}
		} finally {
			await mock.close();
		}
	});

	for (const name of ["@pi/ai", "@pi/agent-core", "@pi/coding-agent", "@pi/llm-mock"]) {
		it(`run the ${name} README quick start as written, offline`, async () => {
			const example = examples.find((candidate) => candidate.pkg === name && candidate.quickStart);
			expect(example, `${name} has a quick start`).toBeDefined();
			const result = await run(process.execPath, [join(consumer, "dist", `${example?.file}.js`)], {
				cwd: consumer,
				env: offlineEnv(),
				timeoutMs: 20_000,
			});
			expect(result.stderr).toBe(""); // no deprecation warning, no stray diagnostics
			expect(result.stdout.trim()).not.toBe("");
			expect(result.code).toBe(0);
		});
	}

	it("run the @pi/tui README's VirtualTerminal example as written", async () => {
		const example = examples.find(
			(candidate) => candidate.pkg === "@pi/tui" && /from "@pi\/tui\/testing"/.test(candidate.code),
		);
		expect(example, "the tui README shows VirtualTerminal").toBeDefined();
		const result = await run(process.execPath, [join(consumer, "dist", `${example?.file}.js`)], {
			cwd: consumer,
			env: offlineEnv(),
			timeoutMs: 20_000,
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toContain("Title");
		expect(result.stdout).toContain("> hi");
		expect(result.code).toBe(0);
	});

	it("run the @pi/tui README quick start in a pseudo-terminal", async (context) => {
		const example = examples.find((candidate) => candidate.pkg === "@pi/tui" && candidate.quickStart);
		expect(example).toBeDefined();
		try {
			execFileSync("script", ["--version"], { stdio: "ignore" });
		} catch {
			context.skip("util-linux `script` is not installed: the TUI quick start needs a pseudo-terminal");
		}
		const result = await run("script", ["-qefc", `node dist/${example?.file}.js`, "/dev/null"], {
			cwd: consumer,
			env: offlineEnv(),
			timeoutMs: 20_000,
			steps: [
				{ waitFor: "Ctrl+C quits.", send: "hello\r" },
				{ waitFor: "you said: hello", send: "\x03" },
			],
		});
		expect(result.stdout).toContain("you said: hello");
		expect(result.code).toBe(0);
	});
});

/** No keys, a temp HOME and agent directory: what a new user on a fresh machine has. */
function offlineEnv(): NodeJS.ProcessEnv {
	const home = join(work, "home");
	mkdirSync(home, { recursive: true });
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: home,
		PI_CODING_AGENT_DIR: join(home, "agent"),
		TERM: "xterm-256color",
	};
	return env;
}

// `pi update` as pi 1.4 does it (issue 21): with no target it updates pi itself (the newest version
// is the `latest` tag of pi's package on the registry npm is configured with: a loopback one here,
// never the internet), `--extensions` the packages, `--all` both; npm's own output reaches the user
// on install; and the mistakes 1.4 words without an "Error:" prefix.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";
import { LoopbackRegistry, writePackage } from "./support/package-servers.js";
import { PI_CLI } from "./support/spawn-pi.js";

const TIMEOUT = 120_000;
const PI_PACKAGE = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8")) as {
	name: string;
	version: string;
};

let registry: LoopbackRegistry;
let current: LoopbackRegistry;
let scratch: PiTestEnv;
let env: PiTestEnv;
let mock: MockLlm;

beforeAll(async () => {
	scratch = createPiTestEnv();
	// `registry` has a newer pi than the one under test; `current` only this very version.
	registry = new LoopbackRegistry();
	current = new LoopbackRegistry();
	await Promise.all([registry.start(), current.start()]);
	const fixture = join(scratch.root, "pi-fixture");
	writePackage(fixture, {
		"package.json": JSON.stringify({ name: "pi-fixture", version: "1.0.0" }),
		"prompts/fixture-greet.md": "Package greeting for $1\n",
	});
	registry.publish(fixture, "pi-fixture", "1.0.0");
	for (const [target, version] of [
		[current, PI_PACKAGE.version],
		[registry, "9.9.9"],
	] as const) {
		const dir = join(scratch.root, `pi-${version}`);
		writePackage(dir, { "package.json": JSON.stringify({ name: PI_PACKAGE.name, version }) });
		target.publish(dir, PI_PACKAGE.name, version);
	}
}, TIMEOUT);

afterAll(async () => {
	await Promise.all([registry.close(), current.close()]);
	scratch.cleanup();
});

beforeEach(async () => {
	env = createPiTestEnv({
		npm_config_registry: registry.url,
		npm_config_audit: "false",
		npm_config_fund: "false",
	});
	// npm's global folder (the self-update test installs pi there), never the machine's.
	env.env.npm_config_prefix = join(env.root, "npm-global");
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

const pi = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runPi(env, args, { timeoutMs: 90_000, extraEnv });
const SKIPPED = "Extensions are skipped. Run pi update --extensions to update extensions.\n";

describe("pi update updates pi itself", () => {
	it(
		"offline or with the registry unreachable it says it cannot learn the newest version (exit 1)",
		async () => {
			const offline = await pi(["update"], { PI_OFFLINE: "1" });
			expect(offline).toMatchObject({
				code: 1,
				stdout: SKIPPED,
				stderr: "Error: Could not determine latest pi version.\n",
			});
			const self = await pi(["update", "--self"], { PI_OFFLINE: "1" });
			expect(self).toMatchObject({ code: 1, stdout: "", stderr: "Error: Could not determine latest pi version.\n" });
			// A port nothing listens on any more (fetch refuses the well-known "bad" ports before connecting).
			const closed = createServer();
			await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
			const port = (closed.address() as AddressInfo).port;
			await new Promise<void>((resolve) => closed.close(() => resolve()));
			const unreachable = await pi(["update"], { npm_config_registry: `http://127.0.0.1:${port}/` });
			expect(unreachable.code).toBe(1);
			expect(unreachable.stderr).toBe("Error: Could not determine latest pi version: fetch failed (ECONNREFUSED)\n");
		},
		TIMEOUT,
	);

	it(
		"says so when the running pi is the newest; a pi it did not install globally is the user's to update",
		async () => {
			const upToDate = await pi(["update", "pi"], { npm_config_registry: current.url });
			expect(upToDate).toMatchObject({
				code: 0,
				stderr: "",
				stdout: `pi is already up to date (v${PI_PACKAGE.version})\n`,
			});
			const checkout = await pi(["update"]);
			expect(checkout.code).toBe(1);
			expect(checkout.stdout).toBe(SKIPPED);
			expect(checkout.stderr).toBe(
				`error: pi cannot self-update this installation.\nUpdate ${PI_PACKAGE.name}@9.9.9 using the package manager, wrapper, or source checkout that provides this installation.\n\nLocation of pi executable: ${PI_CLI}\n`,
			);
		},
		TIMEOUT,
	);

	it(
		"--all updates the packages, then reinstalls a global npm install of pi with npm install -g",
		async () => {
			expect((await pi(["install", "npm:pi-fixture"])).code).toBe(0);
			// A pi installed with `npm install -g` into this test's npm prefix (PI_PACKAGE_DIR says where it runs from).
			const installed = join(env.root, "npm-global", "lib", "node_modules", ...PI_PACKAGE.name.split("/"));
			mkdirSync(installed, { recursive: true });
			writeFileSync(join(installed, "package.json"), JSON.stringify({ name: PI_PACKAGE.name, version: "0.0.1" }));
			const result = await pi(["update", "--all"], { PI_PACKAGE_DIR: installed });
			expect(result.stderr).not.toMatch(/error/i);
			expect(result.code).toBe(0);
			const display = `npm install -g --ignore-scripts ${PI_PACKAGE.name}@9.9.9`;
			expect(result.stdout).toMatch(
				new RegExp(
					`^Updating npm:pi-fixture\\.\\.\\.\\n[\\s\\S]*Updated packages\\nUpdating pi with ${display.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\.\\.\\.\\n[\\s\\S]*Updated pi from ${PI_PACKAGE.version.replace(/\./g, "\\.")} to 9\\.9\\.9\\n$`,
				),
			);
			expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).version).toBe("9.9.9");
		},
		TIMEOUT,
	);

	it("refuses 1.4's conflicting targets with its words, no Error: prefix", async () => {
		const result = await pi(["update", "--all", "npm:x"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			"--all cannot be combined with a positional source\nUsage: pi update [source|self|pi] [--self|--extensions|--models|--all] [--extension <source>] [--approve|--no-approve] [--force]\n",
		);
	});
});

describe("npm's own output and 1.4's unprefixed mistakes", () => {
	it(
		"install passes npm's output through; a failure keeps npm's lines and ends with one clear line",
		async () => {
			const installed = await pi(["install", "npm:pi-fixture"]);
			expect(installed.code).toBe(0);
			expect(installed.stdout).toMatch(
				/^Installing npm:pi-fixture\.\.\.\n[\s\S]*added 1 package[\s\S]*Installed npm:pi-fixture\n$/,
			);
			const failed = await pi(["install", "npm:no-such-package-here"]);
			expect(failed.code).toBe(1);
			const lines = failed.stderr.trimEnd().split("\n");
			expect(lines.slice(0, -1).join("\n")).toContain("npm error 404");
			expect(lines.at(-1)).toMatch(/^Error: Could not install npm:no-such-package-here: 404 /);
		},
		TIMEOUT,
	);

	it(
		"a session that installs a declared package keeps stdout for the answer: npm's output goes to stderr",
		async () => {
			env.writeSettings({
				...JSON.parse(readFileSync(join(env.agentDir, "settings.json"), "utf8")),
				packages: ["npm:pi-fixture"],
			});
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			const run = await pi(["-p", "/fixture-greet Ann"]);
			expect(run.code).toBe(0);
			expect(run.stdout).toBe("ok\n");
			expect(run.stderr).toMatch(/Installing npm:pi-fixture\.\.\.\n[\s\S]*added 1 package/);
			expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain("Package greeting for Ann");
		},
		TIMEOUT,
	);

	it("remove of an unknown package and -l in an untrusted project are worded without Error:", async () => {
		const removed = await pi(["remove", "npm:nothing"]);
		expect(removed).toMatchObject({ code: 1, stderr: "No matching package found for npm:nothing\n" });
		mkdirSync(join(env.cwd, ".pi"), { recursive: true });
		writeFileSync(join(env.cwd, ".pi", "settings.json"), "{}");
		const local = await pi(["install", "-l", "./x"]);
		expect(local).toMatchObject({
			code: 1,
			stderr: "Project is not trusted. Use --approve to modify local package config.\n",
		});
		const updateUnknown = await pi(["update", "npm:nothing"]);
		expect(updateUnknown).toMatchObject({ code: 1, stderr: "Error: No matching package found for npm:nothing\n" });
		const missing = await pi(["install"]);
		expect(missing.stderr).toBe(
			"Missing install source.\nUsage: pi install <source> [-l] [-y] [--approve|--no-approve]\n",
		);
	});
});

describe("skills and prompts of the same name (pi 1.4's precedence)", () => {
	it(
		"the agent folder's prompt beats an installed package's; a package given with -e beats both",
		async () => {
			expect((await pi(["install", "npm:pi-fixture"])).code).toBe(0);
			mkdirSync(join(env.agentDir, "prompts"), { recursive: true });
			writeFileSync(join(env.agentDir, "prompts", "fixture-greet.md"), "Agent greeting for $1\n");
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["-p", "/fixture-greet Bob"])).code).toBe(0);
			expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain("Agent greeting for Bob");
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			expect((await pi(["-e", "npm:pi-fixture@1.0.0", "-p", "/fixture-greet Cy"])).code).toBe(0);
			expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain("Package greeting for Cy");
		},
		TIMEOUT,
	);
});

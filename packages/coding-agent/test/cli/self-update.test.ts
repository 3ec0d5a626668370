// `pi update` updating pi itself: the newest version from the registry, the up-to-date check, and
// which installs pi may reinstall (never the network: fetch is faked, npm is never run).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fetchLatestVersion, isNewerVersion, planSelfUpdate, updateSelf } from "../../src/cli/self-update.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const offline = process.env.PI_OFFLINE;
afterEach(() => {
	if (offline === undefined) delete process.env.PI_OFFLINE;
	else process.env.PI_OFFLINE = offline;
});

function registry(latest: string | undefined, status = 200): { fetch: typeof fetch; urls: string[] } {
	const urls: string[] = [];
	const fake = (async (url: string | URL | Request) => {
		urls.push(String(url));
		return new Response(JSON.stringify(latest ? { "dist-tags": { latest } } : {}), { status });
	}) as typeof fetch;
	return { fetch: fake, urls };
}

function capture() {
	const out: string[] = [];
	const err: string[] = [];
	return { out, err, stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) };
}

describe("isNewerVersion", () => {
	it("orders by semver, a prerelease before its release", () => {
		expect(isNewerVersion("0.2.0", "0.1.9")).toBe(true);
		expect(isNewerVersion("0.1.0", "0.1.0")).toBe(false);
		expect(isNewerVersion("0.1.0", "0.2.0")).toBe(false);
		expect(isNewerVersion("1.0.0", "1.0.0-rc.1")).toBe(true);
		expect(isNewerVersion("1.0.0-rc.1", "1.0.0")).toBe(false);
	});
});

describe("fetchLatestVersion", () => {
	it("reads dist-tags.latest of the package from the configured registry", async () => {
		delete process.env.PI_OFFLINE;
		const fake = registry("9.9.9");
		expect(await fetchLatestVersion("@pi/cli", { registry: "http://127.0.0.1:1/r", fetch: fake.fetch })).toBe("9.9.9");
		expect(fake.urls).toEqual(["http://127.0.0.1:1/r/@pi%2fcli"]);
	});

	it("asks nothing when offline; a failed request names the cause", async () => {
		process.env.PI_OFFLINE = "1";
		const fake = registry("9.9.9");
		expect(await fetchLatestVersion("@pi/cli", { fetch: fake.fetch })).toBeUndefined();
		expect(fake.urls).toEqual([]);
		delete process.env.PI_OFFLINE;
		const refused = (async () => {
			throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) });
		}) as typeof fetch;
		await expect(fetchLatestVersion("@pi/cli", { fetch: refused })).rejects.toThrow(
			"Could not determine latest pi version: fetch failed (ECONNREFUSED)",
		);
	});
});

describe("updateSelf", () => {
	it("says when pi is current, and 1.4's error when the version cannot be learnt", async () => {
		delete process.env.PI_OFFLINE;
		const io = capture();
		const base = { packageName: "@pi/cli", version: "0.1.0", force: false, ...io };
		expect(await updateSelf({ ...base, fetch: registry("0.1.0").fetch })).toBe(0);
		expect(io.out).toEqual(["pi is already up to date (v0.1.0)\n"]);
		expect(await updateSelf({ ...base, fetch: registry(undefined, 404).fetch })).toBe(1);
		expect(io.err).toEqual(["Error: Could not determine latest pi version.\n"]);
	});

	it("refuses to reinstall a pi that is not a global install, naming the executable", async () => {
		delete process.env.PI_OFFLINE;
		const io = capture();
		const code = await updateSelf({
			packageName: "@pi/cli",
			version: "0.1.0",
			force: false,
			fetch: registry("0.2.0").fetch,
			packageDir: "/src/pi/apps/pi",
			entrypoint: "/src/pi/apps/pi/dist/bundle/pi.js",
			...io,
		});
		expect(code).toBe(1);
		expect(io.err.join("")).toBe(
			"error: pi cannot self-update this installation.\nUpdate @pi/cli@0.2.0 using the package manager, wrapper, or source checkout that provides this installation.\n\nLocation of pi executable: /src/pi/apps/pi/dist/bundle/pi.js\n",
		);
	});
});

describe("planSelfUpdate", () => {
	it("reinstalls a pi inside the package manager's global node_modules with <npm> install -g", () => {
		const root = join(tempDir(), "lib", "node_modules");
		const packageDir = join(root, "@pi", "cli");
		mkdirSync(packageDir, { recursive: true });
		writeFileSync(join(packageDir, "package.json"), "{}");
		const plan = planSelfUpdate({
			packageName: "@pi/cli",
			installSpec: "@pi/cli@0.2.0",
			packageDir,
			npmCommand: ["mise", "exec", "--", "npm"],
			globalRoot: () => root,
		});
		expect(plan).toEqual({
			kind: "command",
			command: "mise",
			args: ["exec", "--", "npm", "install", "-g", "--ignore-scripts", "@pi/cli@0.2.0"],
			display: "mise exec -- npm install -g --ignore-scripts @pi/cli@0.2.0",
		});
		const elsewhere = planSelfUpdate({
			packageName: "@pi/cli",
			installSpec: "@pi/cli@0.2.0",
			packageDir,
			globalRoot: () => join(tempDir(), "other"),
		});
		expect(elsewhere).toEqual({
			kind: "unavailable",
			instruction:
				"This installation is not managed by a global npm install. Update it with the package manager, wrapper, or source checkout that provides it.",
		});
	});
});

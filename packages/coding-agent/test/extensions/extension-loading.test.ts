import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { TrustStore } from "../../src/core/resources/project-trust.js";
import * as codingAgent from "../../src/index.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession, emptyResources } from "./extension-test-support.js";

const tempDir = useTempDirs();

function write(path: string, text: string): string {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, text);
	return path;
}

const RECORDING = (name: string) => `
export default function (pi) {
	pi.on("session_start", () => { (globalThis.__loaded ??= []).push(${JSON.stringify(name)}); });
}
`;

declare global {
	var __loaded: string[] | undefined;
	var __shared: unknown;
}

describe("extension loading", () => {
	it("reports a syntax error and a missing default export with path and line; the others still load", async () => {
		const dir = tempDir();
		const broken = write(join(dir, "broken.ts"), "export default function (pi) {\n  const x = ;\n}\n");
		const noDefault = write(join(dir, "no-default.ts"), "export const value = 1;\n");
		const good = write(join(dir, "good.ts"), RECORDING("good"));
		globalThis.__loaded = [];
		const { session, result } = await createExtensionSession(dir, [], {
			extensionPaths: [broken, noDefault, good],
		});
		expect(result.extensionsResult.extensions.map((extension) => extension.path)).toEqual([good]);
		const errors = result.extensionsResult.errors;
		expect(errors.map((error) => error.path)).toEqual([broken, noDefault]);
		expect(errors[0]!.error).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:2:\\d+: `));
		expect(errors[1]!.error).toContain(`${noDefault}: no default export`);
		const reports: ExtensionErrorReport[] = [];
		await session.bindExtensions({ onError: (report) => reports.push(report) });
		expect(reports.map((report) => [report.extensionPath, report.event])).toEqual([
			[broken, "load"],
			[noDefault, "load"],
		]);
		expect(globalThis.__loaded).toEqual(["good"]);
	});

	it("a factory that throws is skipped and reported; a missing import names the module", async () => {
		const dir = tempDir();
		const throwing = write(join(dir, "throws.ts"), "export default function () { throw new Error('boom'); }\n");
		const missing = write(join(dir, "missing.ts"), "import x from 'not-installed-pkg';\nexport default () => x;\n");
		const { result } = await createExtensionSession(dir, [], { extensionPaths: [throwing, missing] });
		expect(result.extensionsResult.extensions).toEqual([]);
		expect(result.extensionsResult.errors[0]!.error).toContain("boom");
		expect(result.extensionsResult.errors[0]!.error).toMatch(/throws\.ts:1:\d+: /);
		expect(result.extensionsResult.errors[1]!.error).toContain("not-installed-pkg");
	});

	it("extensions import the host's own module objects by their public names", async () => {
		const dir = tempDir();
		const file = write(
			join(dir, "shared.ts"),
			`import { SessionManager } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";
import { StringEnum } from "@pi/ai";
export default function (pi) {
	globalThis.__shared = { SessionManager, Type, StringEnum };
}
`,
		);
		await createExtensionSession(dir, [], { extensionPaths: [file] });
		const shared = globalThis.__shared as Record<string, unknown>;
		expect(shared.SessionManager).toBe(codingAgent.SessionManager);
		expect(shared.Type).toBe(Type);
		expect(typeof shared.StringEnum).toBe("function");
	});

	it("runs -e paths, then the global folder (files and dir/index.ts), as pi 1.4; one file loads once", async () => {
		const agentDir = tempDir();
		globalThis.__loaded = [];
		write(join(agentDir, "extensions", "a.ts"), RECORDING("a"));
		write(join(agentDir, "extensions", "b", "index.ts"), RECORDING("b"));
		write(join(agentDir, "extensions", "b", "helper.ts"), RECORDING("not-an-entry"));
		const cli = write(join(tempDir(), "cli.js"), RECORDING("cli"));
		const { session } = await createExtensionSession(agentDir, [], {
			noExtensions: false,
			extensionPaths: [cli, join(agentDir, "extensions", "a.ts")],
		});
		await session.bindExtensions({});
		expect(globalThis.__loaded).toEqual(["cli", "a", "b"]);
	});

	it("--no-extensions skips discovery but still loads -e paths", async () => {
		const agentDir = tempDir();
		globalThis.__loaded = [];
		write(join(agentDir, "extensions", "a.ts"), RECORDING("a"));
		const cli = write(join(tempDir(), "cli.ts"), RECORDING("cli"));
		const { session } = await createExtensionSession(agentDir, [], { noExtensions: true, extensionPaths: [cli] });
		await session.bindExtensions({});
		expect(globalThis.__loaded).toEqual(["cli"]);
	});

	it("project extensions load only in a trusted project", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(cwd, ".pi", "extensions", "project.ts"), RECORDING("project"));
		for (const trusted of [false, true]) {
			globalThis.__loaded = [];
			const services = await codingAgent.createAgentSessionServices({
				cwd,
				agentDir,
				settingsManager: SettingsManager.create(cwd, agentDir),
				projectTrusted: trusted,
				resourceLoader: emptyResources,
			});
			expect(services.extensions?.extensions.length).toBe(trusted ? 1 : 0);
		}
	});

	it("a project_trust handler of a global extension decides, and remember stores it in trust.json", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(cwd, ".pi", "extensions", "project.ts"), RECORDING("project"));
		write(
			join(agentDir, "extensions", "trust.ts"),
			`export default function (pi) { pi.on("project_trust", (event) => ({ trusted: "yes", remember: true })); }`,
		);
		const services = await codingAgent.createAgentSessionServices({ cwd, agentDir, resourceLoader: emptyResources });
		expect(services.extensions?.projectTrusted).toBe(true);
		// The personal extension loads first to answer project_trust, and runs after the project's.
		expect(services.extensions?.extensions.map((extension) => extension.path)).toEqual([
			join(cwd, ".pi", "extensions", "project.ts"),
			join(agentDir, "extensions", "trust.ts"),
		]);
		expect(new TrustStore(join(agentDir, "trust.json")).get(cwd)).toBe(true);
	});

	it("an undecided project asks through askProjectTrust (interactive) and is untrusted without it", async () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		write(join(cwd, ".pi", "extensions", "project.ts"), RECORDING("project"));
		const asked: string[] = [];
		const withAsk = await codingAgent.createAgentSessionServices({
			cwd,
			agentDir,
			resourceLoader: emptyResources,
			askProjectTrust: async (dir) => {
				asked.push(dir);
				return true;
			},
		});
		expect(asked).toEqual([cwd]);
		expect(withAsk.extensions?.extensions).toHaveLength(1);
		const headless = await codingAgent.createAgentSessionServices({ cwd, agentDir, resourceLoader: emptyResources });
		expect(headless.extensions?.projectTrusted).toBe(false);
		expect(headless.extensions?.extensions).toHaveLength(0);
	});
});

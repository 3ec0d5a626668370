import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { getApi, getRegisteredApis, hasApi, isApiLoaded, registerApi, unregisterApi } from "../src/api-registry.js";
import { AssistantMessageEventStream } from "../src/event-stream.js";
import { BUILTIN_APIS } from "../src/providers/register-builtins.js";
import type { ProviderStreams } from "../src/stream-function.js";
import { failedStream } from "../src/utils/failed-stream.js";
import { testModel } from "./support/fixtures.js";
import { collect } from "./support/stream-invariants.js";

function echoStreams(label: string): ProviderStreams {
	const stream = (model: Parameters<ProviderStreams["stream"]>[0]) => failedStream(model, label);
	return { stream, streamSimple: stream };
}

afterEach(() => {
	unregisterApi("test-api");
});

describe("api registry", () => {
	it("registers the ten built-in APIs without loading them", () => {
		expect(BUILTIN_APIS).toEqual([
			"anthropic-messages",
			"openai-completions",
			"openai-responses",
			"google-generative-ai",
			"google-vertex",
			"azure-openai-responses",
			"bedrock-converse-stream",
			"mistral-conversations",
			"openai-codex-responses",
			"pi-messages",
		]);
		for (const api of BUILTIN_APIS) expect(hasApi(api)).toBe(true);
		expect(getRegisteredApis()).toEqual(expect.arrayContaining([...BUILTIN_APIS]));
	});

	it("throws for an unknown API id at the low-level dispatcher", () => {
		expect(() => getApi("no-such-api")).toThrow('Unknown API "no-such-api". Registered APIs:');
	});

	it("loads a lazy API on the first request only and forwards its stream", async () => {
		let loads = 0;
		registerApi("test-api", async () => {
			loads++;
			return echoStreams("from lazy module");
		});
		expect(isApiLoaded("test-api")).toBe(false);
		const api = getApi("test-api");
		const model = testModel({ api: "test-api" });
		const first = await collect(api.stream(model, { messages: [] }));
		expect(first.result.errorMessage).toBe("from lazy module");
		expect(first.events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(isApiLoaded("test-api")).toBe(true);
		await api.streamSimple(model, { messages: [] }).result();
		expect(loads).toBe(1);
	});

	it("reports a failed load on the stream and retries on the next request", async () => {
		let attempts = 0;
		registerApi("test-api", async () => {
			attempts++;
			if (attempts === 1) throw new Error("disk on fire");
			return echoStreams("second try");
		});
		const model = testModel({ api: "test-api" });
		const failed = await getApi("test-api").stream(model, { messages: [] }).result();
		expect(failed).toMatchObject({ stopReason: "error", errorMessage: 'Failed to load API "test-api": disk on fire' });
		expect((await getApi("test-api").stream(model, { messages: [] }).result()).errorMessage).toBe("second try");
	});

	it("ends the stream with an error when a lazily loaded module throws instead of streaming", async () => {
		registerApi("test-api", async () => ({
			stream: () => {
				throw new Error("bug in module");
			},
			streamSimple: () => {
				throw new Error("bug in module");
			},
		}));
		const { events, result } = await collect(
			getApi("test-api").stream(testModel({ api: "test-api" }), { messages: [] }),
		);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result).toMatchObject({ stopReason: "error", errorMessage: 'API "test-api" threw: bug in module' });
	});

	it("accepts eager streams", () => {
		const streams = echoStreams("eager");
		registerApi("test-api", streams);
		expect(isApiLoaded("test-api")).toBe(true);
		expect(getApi("test-api").stream(testModel(), { messages: [] })).toBeInstanceOf(AssistantMessageEventStream);
	});
});

describe("lazy vendor SDK loading", () => {
	const packageRoot = fileURLToPath(new URL("..", import.meta.url));
	const hook = fileURLToPath(new URL("./support/register-log-resolve-hook.mjs", import.meta.url));
	const SDKS = ["@anthropic-ai/sdk", "openai", "@google/genai"] as const;

	/** Which vendor SDKs a resolved-module log line list contains. */
	function sdksIn(lines: string[]): string[] {
		return SDKS.filter((sdk) => lines.some((line) => line.includes(`/node_modules/${sdk}/`)));
	}

	it("importing the entry point loads no vendor SDK; the first request loads only its own", () => {
		expect(existsSync(`${packageRoot}/dist/index.js`), "build the package first (tsc -b)").toBe(true);
		const script = `
			const ai = await import("./dist/index.js");
			process.stderr.write("[marker] imported\\n");
			const faux = ai.fauxProvider();
			faux.setResponses(["hi"]);
			const models = ai.createModels();
			models.setProvider(faux.provider);
			await models.complete(faux.getModel(), { messages: [] });
			process.stderr.write("[marker] faux done\\n");
			// Port 9 on loopback refuses the connection: a real request without the internet.
			const model = { ...ai.getModel("anthropic", "claude-sonnet-4-5"), baseUrl: "http://127.0.0.1:9" };
			const result = await ai.getApi("anthropic-messages").stream(model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, { apiKey: "x" }).result();
			process.stderr.write("[marker] anthropic " + result.stopReason + "\\n");
		`;
		const child = spawnSync(process.execPath, ["--import", hook, "--input-type=module", "-e", script], {
			cwd: packageRoot,
			encoding: "utf8",
		});
		expect(child.status, child.stderr).toBe(0);
		const lines = child.stderr.split("\n");
		const imported = lines.indexOf("[marker] imported");
		const fauxDone = lines.indexOf("[marker] faux done");
		const anthropicDone = lines.findIndex((line) => line.startsWith("[marker] anthropic"));
		expect(imported).toBeGreaterThan(0);
		expect(lines.slice(0, imported).some((line) => line.includes("/dist/index.js"))).toBe(true);
		expect(sdksIn(lines.slice(0, imported))).toEqual([]);
		expect(sdksIn(lines.slice(imported, fauxDone))).toEqual([]);
		// The method can see SDK loads: the Anthropic request pulled in exactly its own SDK.
		expect(sdksIn(lines.slice(fauxDone, anthropicDone))).toEqual(["@anthropic-ai/sdk"]);
		expect(lines[anthropicDone]).toBe("[marker] anthropic error");
	}, 120_000); // a child Node importing the package cold: 50 s at load 19 on 2 cores
});

// The pieces that let extensions written for pi 1.4 run: the host-module map, the TypeBox 1.x
// shim, virtual models, `on()` unsubscribing, `user_bash`, and prompt sections.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, StringEnum } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import {
	findBundledHostPackages,
	hostModuleSpecifiers,
	hostPackageOf,
	loadHostModules,
} from "../../src/core/extensions/host-modules.js";
import { Compile, typeboxCompilerModule, typeboxValueModule } from "../../src/core/extensions/typebox-compat.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

describe("host-module map", () => {
	it("serves every published name with the host's module objects", async () => {
		const modules = await loadHostModules();
		for (const specifier of hostModuleSpecifiers()) expect(modules[specifier], specifier).toBeDefined();
		expect(modules["@earendil-works/pi-ai/compat"]).toBe(modules["@pi/ai"]);
		expect(modules["@mariozechner/pi-tui"]).toBe(modules["@pi/tui"]);
		expect((modules.typebox as { Type: unknown }).Type).toBe((modules["@sinclair/typebox"] as { Type: unknown }).Type);
		expect(hostPackageOf("@earendil-works/pi-ai/oauth")).toBe("ai");
		expect(hostPackageOf("left-pad")).toBeUndefined();
	});

	it("finds host packages a package bundles in its node_modules", () => {
		const dir = tempDir();
		for (const name of ["typebox", "@earendil-works/pi-tui", "left-pad"]) {
			mkdirSync(join(dir, "node_modules", name), { recursive: true });
			writeFileSync(join(dir, "node_modules", name, "package.json"), "{}");
		}
		expect(findBundledHostPackages(dir)).toEqual(["@earendil-works/pi-tui", "typebox"]);
	});

	it("typebox/compile checks schemas, StringEnum included", () => {
		const check = Compile(Type.Object({ mood: StringEnum(["calm", "busy"]) }));
		expect(check.Check({ mood: "calm" })).toBe(true);
		expect(check.Check({ mood: "angry" })).toBe(false);
		expect(() => check.Parse({ mood: 3 })).toThrow();
	});

	it("plain JSON Schema (no TypeBox kind) works with Value and TypeCompiler, as extensions pass it", () => {
		const raw = {
			type: "object",
			properties: { task: { type: "string" }, mood: { type: "string", enum: ["calm", "busy"] } },
			required: ["task"],
			maxProperties: 16,
			additionalProperties: true,
		};
		const { Value } = typeboxValueModule as {
			Value: { Check(schema: unknown, value: unknown): boolean; Clone<T>(value: T): T };
		};
		expect(Value.Check(raw, { task: "x", mood: "calm" })).toBe(true);
		expect(Value.Check(raw, { mood: "calm" })).toBe(false);
		expect(Value.Check(StringEnum(["a", "b"]), "a")).toBe(true);
		expect(Value.Clone({ a: 1 })).toEqual({ a: 1 });
		const { TypeCompiler } = typeboxCompilerModule as {
			TypeCompiler: { Compile(schema: unknown): { Check(value: unknown): boolean } };
		};
		expect(TypeCompiler.Compile(raw).Check({ task: "y" })).toBe(true);
		expect(TypeCompiler.Compile(raw).Check({ task: 3 })).toBe(false);
	});
});

describe("extension API additions", () => {
	it("on() returns an unsubscribe; sections become <name> blocks of the system prompt", async () => {
		const seen: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => {
				const off = pi.on("agent_start", () => void seen.push("start"));
				pi.on("agent_end", () => off());
				pi.on("before_agent_start", (event) => {
					event.systemPromptOptions.sections.house_rules = "Answer in haiku.";
				});
			},
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await session.prompt("a");
		await session.prompt("b");
		expect(seen).toEqual(["start"]);
		expect(session.agent.state.systemPrompt).toContain("<house_rules>\nAnswer in haiku.\n</house_rules>");
	});

	it("user_bash answers a user shell command instead of running it", async () => {
		const { session } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("user_bash", (event) => ({
					result: { output: `remote: ${event.command}`, exitCode: 0, cancelled: false, truncated: false },
				})),
		]);
		await session.bindExtensions({});
		const result = await session.executeBash("echo local");
		expect(result.output).toBe("remote: echo local");
	});

	it("a virtual model routes each request to a physical model", async () => {
		const routed: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.registerVirtualModel({
					provider: "router",
					id: "auto",
					route(request, ctx) {
						routed.push(request.reason);
						const physical = ctx.modelRegistry.getAll().find((model) => model.provider === faux.getModel().provider);
						if (!physical) throw new Error("no physical model");
						return { model: physical, thinkingLevel: "off" };
					},
				}),
		]);
		await session.bindExtensions({});
		const virtual = session.modelRuntime.getModel("router", "auto");
		expect(virtual).toBeDefined();
		await session.setModel(virtual!);
		faux.setResponses([fauxAssistantMessage("from the physical model")]);
		await session.prompt("hi");
		const last = session.messages.at(-1);
		expect(last).toMatchObject({ role: "assistant", provider: faux.getModel().provider });
		expect(routed).toEqual(["user"]);
	});
});

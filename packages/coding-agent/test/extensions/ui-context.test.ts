import { describe, expect, it } from "vitest";
import { type ExtensionUIContext, noopUIContext } from "../../src/core/extensions/extension-ui-context.js";
import { withFifoDialogs } from "../../src/core/extensions/fifo-dialogs.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

describe("the no-op UI context", () => {
	it("every dialog resolves to its default at once; custom() is undefined; hasUI is false", async () => {
		const seen: unknown[] = [];
		const { session } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("session_start", async (_event, ctx) => {
					seen.push(
						ctx.hasUI,
						ctx.mode,
						await ctx.ui.select("pick", ["a", "b"]),
						await ctx.ui.confirm("sure?", "really"),
						await ctx.ui.input("name"),
						await ctx.ui.editor("text", "prefill"),
						await ctx.ui.custom(() => undefined),
						ctx.ui.getEditorText(),
					);
				}),
		]);
		await session.bindExtensions({});
		expect(seen).toEqual([false, "print", undefined, false, undefined, undefined, undefined, ""]);
	});
});

describe("ExtensionRunner.setUIContext", () => {
	it("a UI context makes hasUI true; undefined puts the no-op context back", async () => {
		const { session, result } = await createExtensionSession(tempDir(), [() => undefined]);
		const runner = result.extensionsResult.runner!;
		await session.bindExtensions({ uiContext: { ...noopUIContext } });
		expect(runner.hasUI).toBe(true);
		runner.setUIContext(undefined);
		expect(runner.hasUI).toBe(false);
		expect(runner.ui).toBe(noopUIContext);
	});
});

describe("ui_prompt_start / ui_prompt_end", () => {
	it("every blocking dialog is reported to all extensions while it waits, with its kind and title", async () => {
		const seen: string[] = [];
		const { session } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.on("ui_prompt_start", (event) => void seen.push(`start:${event.kind}:${event.title ?? "-"}`));
				pi.on("ui_prompt_end", (event) => void seen.push(`end:${event.kind}:${event.title ?? "-"}`));
			},
			(pi) =>
				pi.on("session_start", async (_event, ctx) => {
					seen.push(`answer:${await ctx.ui.select("Pick", ["a"])}`);
					seen.push(`answer:${await ctx.ui.confirm("Sure?", "really")}`);
					await ctx.ui.input("Name");
					await ctx.ui.editor("Text");
					await ctx.ui.custom(() => undefined);
				}),
		]);
		const ui: ExtensionUIContext = {
			...noopUIContext,
			select: async (title) => {
				seen.push(`open:${title}`);
				return "a";
			},
			confirm: async () => true,
			input: async () => undefined,
			editor: async () => undefined,
			custom: async () => undefined,
		};
		await session.bindExtensions({ uiContext: ui });
		expect(seen).toEqual([
			"start:select:Pick",
			"open:Pick",
			"end:select:Pick",
			"answer:a",
			"start:confirm:Sure?",
			"end:confirm:Sure?",
			"answer:true",
			"start:input:Name",
			"end:input:Name",
			"start:editor:Text",
			"end:editor:Text",
			"start:custom:-",
			"end:custom:-",
		]);
	});
});

describe("withFifoDialogs", () => {
	it("opens dialogs one at a time in call order", async () => {
		const opened: string[] = [];
		const pending: (() => void)[] = [];
		const ui: ExtensionUIContext = {
			...noopUIContext,
			select: (title) =>
				new Promise((resolve) => {
					opened.push(title);
					pending.push(() => resolve(title));
				}),
		};
		const queued = withFifoDialogs(ui);
		const first = queued.select("first", []);
		const second = queued.select("second", []);
		await Promise.resolve();
		await Promise.resolve();
		expect(opened).toEqual(["first"]);
		pending.shift()!();
		expect(await first).toBe("first");
		await Promise.resolve();
		expect(opened).toEqual(["first", "second"]);
		pending.shift()!();
		expect(await second).toBe("second");
	});

	it("a queued dialog whose signal aborted while waiting resolves to its default without opening", async () => {
		const opened: string[] = [];
		let release: (() => void) | undefined;
		const ui: ExtensionUIContext = {
			...noopUIContext,
			confirm: (title) =>
				new Promise((resolve) => {
					opened.push(title);
					release = () => resolve(true);
				}),
		};
		const queued = withFifoDialogs(ui);
		const controller = new AbortController();
		const first = queued.confirm("first", "");
		const second = queued.confirm("second", "", { signal: controller.signal });
		controller.abort();
		await Promise.resolve();
		release!();
		expect(await first).toBe(true);
		expect(await second).toBe(false);
		expect(opened).toEqual(["first"]);
	});
});

describe("shortcuts", () => {
	it("registered shortcuts are listed for the TUI and run with ctx; failures are reported", async () => {
		const ran: string[] = [];
		const { session, result } = await createExtensionSession(tempDir(), [
			(pi) => {
				pi.registerShortcut("ctrl+shift+p", { description: "Ping", handler: (ctx) => void ran.push(ctx.mode) });
				pi.registerShortcut("ctrl+x", {
					handler: () => {
						throw new Error("bad key");
					},
				});
			},
		]);
		const errors: string[] = [];
		await session.bindExtensions({ mode: "tui", onError: (error) => errors.push(`${error.event}:${error.error}`) });
		const runner = result.extensionsResult.runner!;
		expect([...runner.getShortcuts().keys()]).toEqual(["ctrl+shift+p", "ctrl+x"]);
		expect(await runner.runShortcut("ctrl+shift+p")).toBe(true);
		expect(await runner.runShortcut("ctrl+x")).toBe(true);
		expect(await runner.runShortcut("ctrl+nothing")).toBe(false);
		expect(ran).toEqual(["tui"]);
		expect(errors).toEqual(["shortcut:bad key"]);
	});
});

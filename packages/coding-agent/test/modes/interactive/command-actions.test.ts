import { afterEach, describe, expect, it } from "vitest";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

describe("interactive command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const log: string[] = [];
		let instances = 0;
		let reloaded: () => void = () => undefined;
		const reloadDone = new Promise<void>((resolve) => {
			reloaded = resolve;
		});
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			extensionFactories: [
				(pi) => {
					const instance = ++instances;
					pi.on("session_start", (event) => void log.push(`start:${event.reason}:${instance}`));
					pi.on("session_shutdown", (event) => void log.push(`shutdown:${event.reason}:${instance}`));
					pi.registerCommand("reload-me", {
						handler: async (_args, ctx) => {
							await ctx.reload();
							reloaded();
						},
					});
				},
			],
		});
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		await fixture.type("/reload-me\r");
		await reloadDone;
		expect(log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});

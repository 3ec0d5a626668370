import { afterEach, describe, expect, it } from "vitest";
import { reloadProbe } from "../../support/reload-probe.js";
import { useTempDirs } from "../../support/temp-dir.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const tempDir = useTempDirs();
const fixtures: AppFixture[] = [];

afterEach(() => {
	for (const fixture of fixtures.splice(0)) fixture.app.quit(0);
});

describe("interactive command context actions (extensions.md §1.5, §4)", () => {
	it("ctx.reload() from a command reloads the extensions: shutdown, then a fresh instance starts", async () => {
		const probe = reloadProbe();
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			extensionFactories: [probe.factory],
		});
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		await fixture.type("/reload-me\r");
		await probe.reloaded;
		expect(probe.log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});

	it("the built-in /reload reloads the extensions the same way", async () => {
		const probe = reloadProbe();
		const fixture = await createAppFixture({
			cwd: tempDir(),
			agentDir: tempDir(),
			extensionFactories: [probe.factory],
		});
		fixtures.push(fixture);
		await fixture.waitForText("0.0%/128k");
		await fixture.type("/reload\r");
		await fixture.waitForText("Reloaded extensions");
		expect(probe.log).toEqual(["start:startup:1", "shutdown:reload:1", "start:reload:2"]);
	});
});

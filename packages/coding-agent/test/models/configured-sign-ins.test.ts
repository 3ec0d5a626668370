import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configuredSignInsOf, readConfiguredSignIns } from "../../src/core/models/configured-sign-ins.js";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function agentDirWith(modelsJson: string | undefined): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-signins-"));
	dirs.push(dir);
	if (modelsJson !== undefined) writeFileSync(join(dir, "models.json"), modelsJson);
	return dir;
}

describe("models.json sign-ins", () => {
	it('are the providers with "oauth": "radius" and a baseUrl', () => {
		expect(
			configuredSignInsOf({
				corp: { oauth: "radius", baseUrl: "https://gw.example" },
				nourl: { oauth: "radius" },
				keyed: { baseUrl: "https://x", apiKey: "K" },
				odd: "not an object",
			}),
		).toEqual([{ id: "corp", name: "Radius gateway (corp)", gateway: "https://gw.example" }]);
	});

	it("are read from the agent directory without loading the catalogue; a missing or broken file has none", () => {
		const dir = agentDirWith(JSON.stringify({ providers: { corp: { oauth: "radius", baseUrl: "https://gw" } } }));
		expect(readConfiguredSignIns(dir).map((signIn) => signIn.id)).toEqual(["corp"]);
		expect(readConfiguredSignIns(agentDirWith(undefined))).toEqual([]);
		expect(readConfiguredSignIns(agentDirWith("{ not json"))).toEqual([]);
		expect(readConfiguredSignIns(agentDirWith('{"providers": []}'))).toEqual([]);
	});
});

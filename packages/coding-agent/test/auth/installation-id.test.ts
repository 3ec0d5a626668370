import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseDuration } from "../../src/cli/auth-check-command.js";
import { installationId } from "../../src/core/auth/installation-id.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe("installationId (settings.json deviceId)", () => {
	it("is created once, kept beside the other settings, and reused (a pi 1.4 id too)", () => {
		dir = mkdtempSync(join(tmpdir(), "pi-install-id-"));
		writeFileSync(join(dir, "settings.json"), JSON.stringify({ defaultModel: "m" }));
		const first = installationId(dir);
		expect(first).toMatch(/^[0-9a-f-]{36}$/);
		expect(installationId(dir)).toBe(first);
		expect(JSON.parse(readFileSync(join(dir, "settings.json"), "utf8"))).toEqual({
			defaultModel: "m",
			deviceId: first,
		});
		const legacy = "0b9c2a4e-8f4d-4a47-9c1e-2f3a4b5c6d7e";
		writeFileSync(join(dir, "settings.json"), JSON.stringify({ deviceId: legacy }));
		expect(installationId(dir)).toBe(legacy);
	});

	it("leaves a broken settings.json alone", () => {
		dir = mkdtempSync(join(tmpdir(), "pi-install-id-"));
		writeFileSync(join(dir, "settings.json"), "{ not json");
		expect(installationId(dir)).toMatch(/^[0-9a-f-]{36}$/);
		expect(readFileSync(join(dir, "settings.json"), "utf8")).toBe("{ not json");
	});
});

describe("--min-expiry durations", () => {
	it("reads ms, s, m and h; anything else is refused", () => {
		expect(parseDuration("500ms")).toBe(500);
		expect(parseDuration("90s")).toBe(90_000);
		expect(parseDuration("30m")).toBe(1_800_000);
		expect(parseDuration("2H")).toBe(7_200_000);
		expect(parseDuration("30")).toBeUndefined();
		expect(parseDuration("1d")).toBeUndefined();
		expect(parseDuration(undefined)).toBeUndefined();
	});
});

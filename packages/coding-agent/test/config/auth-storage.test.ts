import { chmodSync, existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { clearConfigValueCache, resolveConfigValue } from "../../src/core/config/config-value.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

describe("resolveConfigValue", () => {
	it("resolves literals, env names, $NAME, ${NAME} and !commands", () => {
		clearConfigValueCache();
		const env = { MY_KEY: "from-env" };
		expect(resolveConfigValue("sk-literal", { env }).value).toBe("sk-literal");
		expect(resolveConfigValue("MY_KEY", { env }).value).toBe("from-env");
		expect(resolveConfigValue("$MY_KEY", { env }).value).toBe("from-env");
		expect(resolveConfigValue("${MY_KEY}", { env }).value).toBe("from-env");
		expect(resolveConfigValue("UNSET_NAME", { env }).value).toBe("UNSET_NAME");
		expect(resolveConfigValue("$UNSET_NAME", { env })).toEqual({
			value: undefined,
			diagnostic: "Environment variable UNSET_NAME is not set",
		});
		expect(resolveConfigValue("!echo '  secret  '").value).toBe("secret");
		const failed = resolveConfigValue("!echo oops >&2; exit 3");
		expect(failed.value).toBeUndefined();
		expect(failed.diagnostic).toMatch(/failed: oops/);
	});
});

describe("AuthStorage", () => {
	it("creates auth.json with mode 0600 in a 0700 directory", () => {
		const dir = join(tempDir(), "agent");
		const storage = new AuthStorage(join(dir, "auth.json"));
		storage.set("anthropic", { type: "api_key", key: "sk-1" });
		expect(statSync(join(dir, "auth.json")).mode & 0o777).toBe(0o600);
		expect(statSync(dir).mode & 0o777).toBe(0o700);
		expect(storage.get("anthropic")).toEqual({ type: "api_key", key: "sk-1" });
		expect(storage.list()).toEqual(["anthropic"]);
		expect(existsSync(join(dir, "auth.json.lock"))).toBe(false);
	});

	it("keeps other providers on modify and removes entries", () => {
		const storage = new AuthStorage(join(tempDir(), "auth.json"));
		storage.set("a", { type: "api_key", key: "1" });
		storage.set("b", { type: "api_key", key: "2" });
		storage.remove("a");
		expect(storage.list()).toEqual(["b"]);
	});

	it("takes over a stale lock and refuses to overwrite an invalid file", () => {
		const dir = tempDir();
		const path = join(dir, "auth.json");
		writeFileSync(`${path}.lock`, "");
		const old = new Date(Date.now() - 60_000);
		utimesSync(`${path}.lock`, old, old);
		const storage = new AuthStorage(path);
		storage.set("x", { type: "api_key", key: "k" });
		expect(storage.get("x")).toBeDefined();
		writeFileSync(path, "{broken");
		expect(() => storage.set("y", { type: "api_key", key: "k" })).toThrow(/Not saving credentials/);
	});

	it("resolves stored keys through the value rules", () => {
		const storage = AuthStorage.inMemory({ openai: { type: "api_key", key: "!echo cmd-key" } });
		expect(storage.resolveApiKey("openai")).toBe("cmd-key");
		expect(storage.resolveApiKey("missing")).toBeUndefined();
	});
});

describe("auth.json writes", () => {
	it("re-applies mode 0600 on every write", () => {
		const path = join(tempDir(), "auth.json");
		const storage = new AuthStorage(path);
		storage.set("a", { type: "api_key", key: "1" });
		chmodSync(path, 0o644);
		storage.set("b", { type: "api_key", key: "2" });
		expect(statSync(path).mode & 0o777).toBe(0o600);
		expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
			a: { type: "api_key", key: "1" },
			b: { type: "api_key", key: "2" },
		});
	});
});

describe("!command values", () => {
	it("run once per process: the result is cached", () => {
		clearConfigValueCache();
		const counter = join(tempDir(), "runs");
		const command = `!echo run >> '${counter}'; echo secret`;
		expect(resolveConfigValue(command).value).toBe("secret");
		expect(resolveConfigValue(command).value).toBe("secret");
		expect(readFileSync(counter, "utf8")).toBe("run\n");
	});

	it("run with the configured shell", () => {
		clearConfigValueCache();
		const shell = join(tempDir(), "fake-shell");
		writeFileSync(shell, '#!/bin/sh\necho "via fake shell: $2"\n');
		chmodSync(shell, 0o755);
		expect(resolveConfigValue("!whatever", { shell }).value).toBe("via fake shell: whatever");
	});
});

import { readFileSync, statSync, writeFileSync } from "node:fs";
import { fauxAssistantMessage, REDACTED, redactSecrets } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { clearConfigValueCache, resolveConfigValue } from "../../src/core/config/config-value.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { createFauxSession } from "../support/faux-session.js";
import { assistantMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const KEY = "sk-ant-api03-SECRETSECRETSECRETSECRET0123456789";

describe("redactSecrets", () => {
	it.each([
		[`401 Unauthorized: invalid header Authorization: Bearer ${KEY}`, `Authorization: Bearer ${REDACTED}`],
		[`{"error":"bad key","x-api-key":"abc123def456"}`, `"x-api-key":"${REDACTED}"`],
		["proxy said: x-goog-api-key: AIzaSyA1234567890abcdefghijklmnopqrstu", `x-goog-api-key: ${REDACTED}`],
		["GET https://host/v1/models?key=AIzaSyA1234567890abcdefghijklmnopqrstu failed", `?key=${REDACTED} failed`],
		[`the key ${KEY} is revoked`, `the key ${REDACTED} is revoked`],
		["token sk-proj-abcdefghijklmnopqrstuvwx1234 expired", `token ${REDACTED} expired`],
	])("redacts %s", (text, expected) => {
		const redacted = redactSecrets(text);
		expect(redacted).toContain(expected);
		expect(redacted).not.toMatch(/SECRET|abc123def456|AIzaSy|sk-proj-abc/);
	});

	it("redacts the key in use whatever its shape, and leaves ordinary text alone", () => {
		expect(redactSecrets("echo: custom-key-42-zz rejected", ["custom-key-42-zz"])).toBe(`echo: ${REDACTED} rejected`);
		expect(redactSecrets("429 rate limited, retry after 3s", ["short"])).toBe("429 rate limited, retry after 3s");
	});
});

describe("secrets never reach the session file", () => {
	it("a provider error echoing the bearer token is stored redacted", async () => {
		const dir = tempDir();
		const sessionManager = SessionManager.create(dir, dir);
		const { session, faux } = await createFauxSession({
			sessionManager,
			cwd: dir,
			settings: { retry: { enabled: false } },
		});
		faux.setResponses([
			fauxAssistantMessage("", { stopReason: "error", errorMessage: `401 {"message":"bad auth: Bearer ${KEY}"}` }),
		]);
		await session.prompt("hi");
		const stored = readFileSync(sessionManager.getSessionFile()!, "utf8");
		expect(stored).toContain(`Bearer ${REDACTED}`);
		expect(stored).not.toContain("SECRETSECRET");
		const last = session.messages.at(-1);
		expect(last?.role === "assistant" ? last.errorMessage : "").not.toContain("SECRETSECRET");
		expect(statSync(sessionManager.getSessionFile()!).mode & 0o777).toBe(0o600);
	});
});

describe("private directories", () => {
	it.skipIf(process.platform === "win32")("a new agent dir and its sessions dir are created 0700", () => {
		const agentDir = `${tempDir()}/agent`;
		const sessions = `${agentDir}/sessions/--w--`;
		const session = SessionManager.create("/w", sessions);
		session.appendMessage({ role: "user", content: "hi", timestamp: 1 });
		session.appendMessage(assistantMessage("ok"));
		expect(statSync(agentDir).mode & 0o777).toBe(0o700);
		expect(statSync(sessions).mode & 0o777).toBe(0o700);
	});
});

describe("a broken auth.json", () => {
	it("is reported without the piece of the credential V8 quotes", () => {
		const path = `${tempDir()}/auth.json`;
		writeFileSync(path, `{"anthropic": {"type": "api_key", "key": sk-ant-api03-SECRETSECRET}}`);
		const auth = new AuthStorage(path);
		expect(auth.get("anthropic")).toBeUndefined();
		expect(auth.loadError).toContain(path);
		expect(auth.loadError).not.toMatch(/sk-ant|SECRET/);
	});
});

describe("!command diagnostics", () => {
	it.skipIf(process.platform === "win32")("never echo a secret from the command's stderr", () => {
		clearConfigValueCache();
		const resolved = resolveConfigValue(`!echo "login failed for token ${KEY}" >&2; exit 1`);
		expect(resolved.value).toBeUndefined();
		expect(resolved.diagnostic).toMatch(/failed/);
		expect(resolved.diagnostic).not.toContain("SECRETSECRET");
	});
});

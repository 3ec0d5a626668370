// ACP `authenticate` through pi's subscription sign-in (issue 27): on a machine with no
// credential the editor picks "Sign in: …", opens the address pi sends as `_pi/sign_in`, and the
// open session prompts with the subscription once `authenticate` answers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { type AcpProcess, spawnAcp } from "./acp-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock } from "./support/index.js";

let env: PiTestEnv | undefined;
let auth: MockAuthServer | undefined;
let mock: MockLlm | undefined;
let pi: AcpProcess | undefined;

afterEach(async () => {
	await pi?.close();
	await auth?.close();
	await mock?.close();
	env?.cleanup();
	pi = undefined;
});

describe("pi --mode acp authenticate", () => {
	it("signs in to Anthropic: the address goes to the editor, then the session prompts with the token", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		mock = await startMock();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" });
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		pi = spawnAcp(env);
		const init = await pi.initialize();
		const methods = init.authMethods?.map((method) => method.id) ?? [];
		expect(methods).toContain("sign-in:anthropic");
		expect(methods).toContain("sign-in:github-copilot");
		const { sessionId } = await pi.newSession(env.cwd);
		await expect(pi.prompt(sessionId, "hi")).rejects.toThrow(/No model selected/);

		const authenticated = pi.agent.request("authenticate", { methodId: "sign-in:anthropic" });
		const note = (await pi.waitForExtNotification((n) => n.method === "_pi/sign_in")) as { type: string; url: string };
		expect(note.type).toBe("auth_url");
		await visitAuthorizeUrl(note.url);
		expect(await authenticated).toEqual({});

		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ access: string }
		>;
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello editor" }] });
		const response = await pi.prompt(sessionId, "hi");
		expect(response.stopReason).toBe("end_turn");
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.anthropic!.access}`);
		expect(JSON.stringify(pi.extNotifications)).not.toContain(stored.anthropic!.access);
	});

	it("a declined device sign-in fails the request with the reason", async () => {
		auth = await startMockAuthServer();
		env = createPiTestEnv({ PI_OAUTH_TEST_ORIGIN: auth.url });
		auth.devicePolls = ["deny"];
		pi = spawnAcp(env);
		await pi.initialize();
		const failed = pi.agent.request("authenticate", { methodId: "sign-in:github-copilot" });
		await expect(failed).rejects.toThrow(/declined/);
		await expect(pi.agent.request("authenticate", { methodId: "sign-in:nobody" })).rejects.toThrow(
			/No subscription sign-in for "nobody"/,
		);
	});
});

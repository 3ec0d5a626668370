// /login in the terminal UI (issue 27), in tmux: a first run with no credential signs in to a
// subscription through the browser flow (a loopback authorization server stands in for the
// vendor), then uses the new model at once; /logout removes the sign-in.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type MockAuthServer, startMockAuthServer, visitAuthorizeUrl } from "@pi/llm-mock";
import { afterEach, describe, expect, it } from "vitest";
import { hasTmux, TmuxPi } from "./interactive-tmux.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock } from "./support/index.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive /login e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi interactive /login (tmux)", () => {
	let env: PiTestEnv | undefined;
	let auth: MockAuthServer | undefined;
	let mock: MockLlm | undefined;
	let pane: TmuxPi | undefined;

	afterEach(async () => {
		pane?.kill();
		await auth?.close();
		await mock?.close();
		env?.cleanup();
	});

	it("signs in to Anthropic from the first-run screen and prompts with the subscription", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		mock = await startMock();
		env = createPiTestEnv();
		env.writeModelsJson({ providers: { anthropic: { baseUrl: mock.url } } });
		pane = new TmuxPi(env, ["--no-session"], {
			columns: 700,
			rows: 90,
			extraEnv: { PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" },
		});
		await pane.waitFor("no model available");
		pane.type("/login");
		pane.keys("Enter");
		await pane.waitFor("Sign in: Anthropic (Claude Pro/Max)");
		expect(pane.screen()).toContain("API key: anthropic");
		pane.keys("Enter");
		const screen = await pane.waitFor(/https?:\/\/\S+authorize\S+/);
		const url = /(https?:\/\/\S+authorize\S+)/.exec(screen)![1]!;
		await pane.waitFor("Waiting for the browser");
		await visitAuthorizeUrl(url);
		await pane.waitFor("Signed in to Anthropic (Claude Pro/Max)");
		expect(pane.screen()).not.toContain("Waiting for the browser");
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ access: string }
		>;
		expect(stored.anthropic?.access).toMatch(/^sk-ant-oat01-/);
		expect(pane.history()).not.toContain(stored.anthropic!.access);

		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello from the subscription" }] });
		pane.type("hi");
		pane.keys("Enter");
		await pane.waitFor("hello from the subscription");
		expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${stored.anthropic!.access}`);

		pane.type("/logout");
		pane.keys("Enter");
		await pane.waitFor("signed in");
		pane.keys("Enter");
		await pane.waitFor("Signed out of anthropic");
		expect(JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8"))).toEqual({});
	});
	it("/login <provider> offers that provider's methods; the paste method takes the code over SSH", async () => {
		auth = await startMockAuthServer({ accessPrefix: "sk-ant-oat01-" });
		env = createPiTestEnv();
		pane = new TmuxPi(env, ["--no-session"], {
			columns: 700,
			rows: 90,
			extraEnv: { PI_OAUTH_TEST_ORIGIN: auth.url, PI_OAUTH_TEST_CALLBACK_PORT: "0" },
		});
		await pane.waitFor("no model available");
		pane.type("/login anthropic");
		pane.keys("Enter");
		await pane.waitFor("Sign in: Anthropic (Claude Pro/Max) (paste a code)");
		const menu = pane.screen();
		expect(menu).toContain("Sign in: Anthropic (Claude Pro/Max) (browser)");
		expect(menu).toContain("API key: anthropic");
		expect(menu).not.toContain("Sign in: GitHub Copilot");
		expect(menu).not.toContain("API key: openai");
		pane.keys("Down");
		pane.keys("Enter");
		const screen = await pane.waitFor(/https?:\/\/\S+authorize\S+/);
		await pane.waitFor("Paste the code shown after signing in");
		// The user's browser, elsewhere: the vendor's page would show `code#state`.
		const answer = await fetch(/(https?:\/\/\S+authorize\S+)/.exec(screen)![1]!, { redirect: "manual" });
		const location = new URL(answer.headers.get("location")!);
		pane.type(`${location.searchParams.get("code")}#${location.searchParams.get("state")}`);
		pane.keys("Enter");
		await pane.waitFor("Signed in to Anthropic (Claude Pro/Max)");
		expect(auth.problems).toEqual([]);
		const stored = JSON.parse(readFileSync(join(env.agentDir, "auth.json"), "utf8")) as Record<
			string,
			{ access: string }
		>;
		expect(stored.anthropic?.access).toMatch(/^sk-ant-oat01-/);
	});
});

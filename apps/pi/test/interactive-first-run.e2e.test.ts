// The terminal UI on a machine with no model configured (issue 14, "First run"): the app opens with
// the guidance in its header instead of exiting, and a local OpenAI-compatible server found on
// loopback becomes this run's model.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hasTmux, TmuxPi } from "./interactive-tmux.js";
import { createPiTestEnv, type PiTestEnv } from "./support/index.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive first-run e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi interactive, first run without a model (tmux)", () => {
	let env: PiTestEnv;
	let server: Server | undefined;
	const panes: TmuxPi[] = [];

	beforeEach(() => {
		env = createPiTestEnv();
	});

	afterEach(async () => {
		for (const pane of panes.splice(0)) pane.kill();
		await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
		server = undefined;
		env.cleanup();
	});

	function start(extraEnv: NodeJS.ProcessEnv = {}): TmuxPi {
		const pane = new TmuxPi(env, [], { columns: 140, rows: 40, extraEnv });
		panes.push(pane);
		return pane;
	}

	it("opens the app with the guidance and /login at hand, and quits cleanly", async () => {
		const pi = start();
		await pi.waitFor("no model available");
		const screen = pi.screen();
		expect(screen).toContain("ANTHROPIC_API_KEY");
		expect(screen).toContain("models.json");
		expect(screen).toContain("/login");
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		pi.keys("C-c");
		await pi.waitFor("PI_EXITED 0");
		const states = pi.ttyStates();
		expect(states.after).toBe(states.before);
	});

	it("selects the first model of a local server found on loopback", async () => {
		server = createServer((request, response) => {
			if (request.url === "/v1/models") {
				response.setHeader("content-type", "application/json");
				response.end(JSON.stringify({ object: "list", data: [{ id: "qwen2.5-coder:7b" }, { id: "llama3.2:3b" }] }));
			} else response.writeHead(404).end();
		});
		await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
		const port = (server.address() as AddressInfo).port;
		const pi = start({ PI_LOCAL_SERVER_PORTS: `ollama:${port}` });
		await pi.waitFor(`Using Ollama at http://127.0.0.1:${port}/v1`);
		expect(pi.screen()).toContain("qwen2.5-coder:7b");
		expect(pi.screen()).not.toContain("no model available");
	});
});

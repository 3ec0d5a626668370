// The terminal UI of example extensions, side by side (see README.md here): runs pi (the reference
// or ours) in a private tmux server with a scripted model, types the scenario's keys, and writes
// the pane after each step to $PARITY_OUT/tui-<which>/<scenario>.txt.
// usage: node tui-parity.mjs ref|ours [scenario…]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm } from "../../../../tooling/llm-mock/dist/index.js";

const REFERENCE = process.env.PI_REFERENCE ?? "/work/shared/tools/pi-reference";
const OURS = fileURLToPath(new URL("../../dist/bundle/pi.js", import.meta.url));
const OUT_ROOT = process.env.PARITY_OUT ?? "/tmp/pi-parity";
const EX = join(
	homedir(),
	".cache/pi-reference/1.4.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions",
);

const text = (t) => ({ type: "reply", blocks: [{ type: "text", text: t }] });
const call = (name, args, id) => ({ type: "reply", blocks: [{ type: "toolCall", name, arguments: args, id }] });

/** Each step types `keys` (tmux send-keys words) and waits until the pane shows `waitFor`. */
const SCENARIOS = {
	"message-renderer": {
		ext: "message-renderer.ts",
		steps: [
			{ keys: ["/status warn disk almost full", "Enter"], waitFor: "disk almost full" },
			{ keys: ["C-o"], waitFor: " at " },
		],
	},
	"entry-renderer": {
		ext: "entry-renderer.ts",
		steps: [
			{ keys: ["/status-card deployed", "Enter"], waitFor: "deployed" },
			{ keys: ["C-o"], waitFor: "deployed" },
		],
	},
	"built-in-tool-renderer": {
		ext: "built-in-tool-renderer.ts",
		files: { "notes.txt": "one\ntwo\nthree\n" },
		script: [call("read", { path: "notes.txt" }, "c1"), call("bash", { command: "echo hi" }, "c2"), text("done")],
		steps: [{ keys: ["go", "Enter"], waitFor: "done" }],
	},
	"todo-tool": {
		ext: "todo.ts",
		script: [call("todo", { action: "add", text: "write tests" }, "c1"), text("added")],
		steps: [
			{ keys: ["go", "Enter"], waitFor: "added" },
			{ keys: ["C-o"], waitFor: "added" },
		],
	},
	"hidden-thinking-label": {
		ext: "hidden-thinking-label.ts",
		script: [
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "secret plan" },
					{ type: "text", text: "ok" },
				],
			},
		],
		steps: [{ keys: ["hi", "Enter"], waitFor: "ok" }],
	},
};

const which = process.argv[2];
const only = process.argv.slice(3);
if (which === "ref" && !existsSync(REFERENCE)) {
	console.log(`skipped: the reference pi is not installed (${REFERENCE}; set PI_REFERENCE)`);
	process.exit(0);
}
const command = which === "ref" ? [REFERENCE] : [process.execPath, OURS];
const out = `${OUT_ROOT}/tui-${which}`;
mkdirSync(out, { recursive: true });

const quote = (value) => `'${String(value).replaceAll("'", `'\\''`)}'`;

async function runOne(name, scenario) {
	const root = mkdtempSync(join(tmpdir(), "tui-parity-"));
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	for (const [file, content] of Object.entries(scenario.files ?? {})) writeFileSync(join(cwd, file), content);
	const mock = await startMockLlm();
	for (const reply of scenario.script ?? []) mock.enqueue(reply);
	const model = { id: "mock-model", reasoning: true };
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: { mock: { baseUrl: `${mock.url}/v1`, api: "openai-completions", apiKey: "k", models: [model] } },
		}),
	);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model", quietStartup: true }),
	);
	const env = {
		PATH: process.env.PATH,
		HOME: home,
		PI_CODING_AGENT_DIR: agentDir,
		XDG_CACHE_HOME: join(home, ".cache"),
		PI_SKIP_VERSION_CHECK: "1",
		PI_OFFLINE: "1",
		PI_TELEMETRY: "0",
		TERM: "xterm-256color",
	};
	const script = join(root, "run.sh");
	const exports = Object.entries(env)
		.map(([key, value]) => `export ${key}=${quote(value)}`)
		.join("\n");
	const args = [...command, "--no-session", "-e", join(EX, scenario.ext)];
	writeFileSync(script, `#!/bin/sh\n${exports}\ncd ${quote(cwd)}\n${args.map(quote).join(" ")}\n`, { mode: 0o755 });
	const socket = `tui-parity-${process.pid}-${name}`;
	const tmux = (...rest) => execFileSync("tmux", ["-L", socket, ...rest], { encoding: "utf8" });
	const capture = () => tmux("capture-pane", "-p", "-t", "pi");
	const waitFor = async (needle, ms = 15000) => {
		const deadline = Date.now() + ms;
		while (Date.now() < deadline) {
			const screen = capture();
			if (screen.includes(needle)) return screen;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		return `${capture()}\n[timed out waiting for ${JSON.stringify(needle)}]`;
	};
	const frames = [];
	try {
		tmux("new-session", "-d", "-s", "pi", "-x", "100", "-y", "40", script);
		await waitFor("mock-model");
		for (const step of scenario.steps) {
			for (const key of step.keys)
				tmux(
					"send-keys",
					"-t",
					"pi",
					...(key.length > 1 && !/^[A-Z]-|^Enter$|^Escape$/.test(key) ? ["-l", key] : [key]),
				);
			// Settle: the needle can appear before the frame is complete.
			await waitFor(step.waitFor);
			await new Promise((resolve) => setTimeout(resolve, 500));
			frames.push(`--- after ${JSON.stringify(step.keys)}\n${capture()}`);
		}
	} finally {
		try {
			tmux("kill-server");
		} catch {}
		await mock.close();
		rmSync(root, { recursive: true, force: true });
	}
	writeFileSync(join(out, `${name}.txt`), frames.join("\n"));
	console.log(`${name}: ${join(out, `${name}.txt`)}`);
}

for (const [name, scenario] of Object.entries(SCENARIOS)) {
	if (only.length > 0 && !only.includes(name)) continue;
	await runOne(name, scenario);
}

// Behaviour parity (scripted model) of example extensions: see README.md here.
// usage: node behaviour-parity.mjs ref|ours scenarioName...  -> $PARITY_OUT (/tmp/pi-parity)/beh-<which>/<scenario>.json
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm } from "../../../../tooling/llm-mock/dist/index.js";

// Needs the reference pi 1.4 (../shared/tools/setup-reference.sh); CI never runs this.
const REFERENCE = process.env.PI_REFERENCE ?? "/work/shared/tools/pi-reference";
const OURS = fileURLToPath(new URL("../../dist/bundle/pi.js", import.meta.url));
const OUT_ROOT = process.env.PARITY_OUT ?? "/tmp/pi-parity";

import { SCENARIOS } from "./scenarios.mjs";

const which = process.argv[2];
const only = process.argv.slice(3);
const EX = join(
	homedir(),
	".cache/pi-reference/1.4.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions",
);
const out = `${OUT_ROOT}/beh-${which}`;
mkdirSync(out, { recursive: true });
if (which === "ref" && !existsSync(REFERENCE)) {
	console.log(`skipped: the reference pi is not installed (${REFERENCE}; set PI_REFERENCE)`);
	process.exit(0);
}
const cmd = which === "ref" ? [REFERENCE] : [process.execPath, OURS];

function norm(r, root) {
	if (r === undefined) return null;
	const s = JSON.stringify(r).split(root).join("<ROOT>");
	const o = JSON.parse(s);
	delete o.id;
	delete o.timestamp;
	return o;
}

async function runOne(name, sc) {
	const root = mkdtempSync(join(tmpdir(), "parity-"));
	const home = join(root, "home"),
		agentDir = join(home, ".pi", "agent"),
		cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	for (const [f, c] of Object.entries(sc.files ?? {})) writeFileSync(join(cwd, f), c);
	const mock = await startMockLlm();
	for (const r of sc.script ?? []) mock.enqueue(r);
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				mock: {
					baseUrl: `${mock.url}/v1`,
					api: "openai-completions",
					apiKey: "test-key",
					models: [{ id: "mock-model" }],
				},
			},
		}),
	);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model" }),
	);
	const env = {};
	for (const [k, v] of Object.entries(process.env))
		if (!/(_API_KEY|_TOKEN|^PI_|^OPENAI|^ANTHROPIC|^GEMINI|^GOOGLE|^AWS_|^AZURE)/.test(k)) env[k] = v;
	Object.assign(env, {
		HOME: home,
		PI_CODING_AGENT_DIR: agentDir,
		XDG_CACHE_HOME: join(home, ".cache"),
		PI_SKIP_VERSION_CHECK: "1",
		PI_OFFLINE: "1",
		PI_TELEMETRY: "0",
		NO_COLOR: "1",
		PI_LOCAL_SERVER_PORTS: "",
	});
	const exts = (Array.isArray(sc.ext) ? sc.ext : [sc.ext]).flatMap((e) => ["-e", join(EX, e)]);
	const child = spawn(cmd[0], [...cmd.slice(1), "--mode", "rpc", "--no-session", ...exts, ...(sc.args ?? [])], {
		cwd,
		env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stderr = "",
		buf = "";
	const records = [];
	const waiters = [];
	const answers = { ...(sc.answers ?? {}) };
	child.stderr.on("data", (d) => (stderr += d));
	child.stdout.on("data", (d) => {
		buf += d;
		for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
			const line = buf.slice(0, i);
			buf = buf.slice(i + 1);
			let r;
			try {
				r = JSON.parse(line);
			} catch {
				records.push({ type: "__nonjson", line });
				continue;
			}
			records.push(r);
			if (r.type === "extension_ui_request" && ["select", "confirm", "input", "editor"].includes(r.method)) {
				const queue = answers[r.method];
				const a = Array.isArray(queue) ? queue.shift() : queue;
				const resp = a === undefined ? { cancelled: true } : r.method === "confirm" ? { confirmed: a } : { value: a };
				child.stdin.write(`${JSON.stringify({ type: "extension_ui_response", id: r.id, ...resp })}\n`);
			}
			for (const w of [...waiters])
				if (w.p(r)) {
					waiters.splice(waiters.indexOf(w), 1);
					w.res(r);
				}
		}
	});
	const exited = new Promise((res) => child.on("close", res));
	const waitFor = (p, ms) =>
		new Promise((res) => {
			const w = { p, res };
			waiters.push(w);
			setTimeout(() => res(undefined), ms).unref();
			exited.then(() => res(undefined));
		});
	let n = 0;
	const req = (r) => {
		const id = `q${n++}`;
		const p = waitFor((x) => x.type === "response" && x.id === id, 20000);
		child.stdin.write(`${JSON.stringify({ ...r, id })}\n`);
		return p;
	};
	const responses = [];
	await req({ type: "get_state" });
	for (const step of sc.steps) {
		if (step.settle) {
			const p = waitFor((x) => x.type === "agent_settled", 20000);
			responses.push(norm(await req(step.send), root));
			await p;
		} else if (step.send) responses.push(norm(await req(step.send), root));
		else if (step.waitUi) await waitFor((x) => x.type === "extension_ui_request" && x.method === step.waitUi, 10000);
	}
	const messages = await req({ type: "get_messages" });
	child.stdin.end();
	const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
	const code = await exited;
	clearTimeout(timer);
	await mock.close();
	const reqs = mock.requests
		.filter((r) => r.api === "openai-completions")
		.map((r) =>
			norm(
				{
					system: r.body.messages?.find((m) => m.role === "system" || m.role === "developer")?.content,
					messages: r.body.messages?.filter((m) => m.role !== "system" && m.role !== "developer"),
					tools: (r.body.tools ?? []).map((t) => t.function.name),
				},
				root,
			),
		);
	const keep = new Set([
		"extension_ui_request",
		"extension_error",
		"tool_execution_start",
		"tool_execution_end",
		"message_end",
		"agent_settled",
		"__nonjson",
		"queue_update",
		"session_info_changed",
	]);
	const result = {
		name,
		code,
		responses,
		events: records.filter((r) => keep.has(r.type)).map((r) => norm(r, root)),
		requests: reqs,
		messages: norm(messages?.data, root),
		stderr: stderr.split(root).join("<ROOT>"),
	};
	writeFileSync(join(out, `${name}.json`), JSON.stringify(result, null, 1));
	rmSync(root, { recursive: true, force: true });
	return result;
}

for (const [name, sc] of Object.entries(SCENARIOS)) {
	if (only.length && !only.includes(name)) continue;
	const t = Date.now();
	const r = await runOne(name, sc);
	console.log(name, Date.now() - t, "ms", r.events.filter((e) => e.type === "extension_error").length ? "ERR" : "");
}

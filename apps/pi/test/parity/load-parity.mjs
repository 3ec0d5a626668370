// Load parity of the reference pi 1.4 example extensions: see README.md here.
// usage: node load-parity.mjs ref|ours [filter]  -> writes $PARITY_OUT (/tmp/pi-parity)/<which>/<name>.json
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm } from "../../../../tooling/llm-mock/dist/index.js";

// Needs the reference pi 1.4 (../shared/tools/setup-reference.sh); CI never runs this.
const REFERENCE = process.env.PI_REFERENCE ?? "/work/shared/tools/pi-reference";
const OURS = fileURLToPath(new URL("../../dist/bundle/pi.js", import.meta.url));
const OUT_ROOT = process.env.PARITY_OUT ?? "/tmp/pi-parity";

const which = process.argv[2];
const filter = process.argv[3];
const EX = join(
	homedir(),
	".cache/pi-reference/1.4.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions",
);
const names = readdirSync(EX).filter((n) => n !== "README.md" && (!filter || n.includes(filter)));
const out = `${OUT_ROOT}/${which}`;
mkdirSync(out, { recursive: true });
if (which === "ref" && !existsSync(REFERENCE)) {
	console.log(`skipped: the reference pi is not installed (${REFERENCE}; set PI_REFERENCE)`);
	process.exit(0);
}
const cmd = which === "ref" ? [REFERENCE] : [process.execPath, OURS];

async function runOne(name) {
	const root = mkdtempSync(join(tmpdir(), "parity-"));
	const home = join(root, "home"),
		agentDir = join(home, ".pi", "agent"),
		cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const mock = await startMockLlm();
	mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
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
	const child = spawn(cmd[0], [...cmd.slice(1), "--mode", "rpc", "--no-session", "-e", join(EX, name)], {
		cwd,
		env,
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stderr = "",
		buf = "";
	const records = [];
	const waiters = [];
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
				child.stdin.write(`${JSON.stringify({ type: "extension_ui_response", id: r.id, cancelled: true })}\n`);
			}
			for (const w of [...waiters])
				if (w.p(r)) {
					waiters.splice(waiters.indexOf(w), 1);
					w.res(r);
				}
		}
	});
	const exited = new Promise((res) => child.on("close", res));
	const waitFor = (p, ms) => {
		const s = records.find(p);
		if (s) return Promise.resolve(s);
		return new Promise((res) => {
			const w = { p, res };
			waiters.push(w);
			setTimeout(() => res(undefined), ms).unref();
			exited.then(() => res(undefined));
		});
	};
	const req = (r) => {
		const p = waitFor((x) => x.type === "response" && x.id === r.id, 20000);
		child.stdin.write(`${JSON.stringify(r)}\n`);
		return p;
	};
	const cmds = await req({ type: "get_commands", id: "c1" });
	const state = await req({ type: "get_state", id: "s1" });
	const pr = await req({ type: "prompt", id: "p1", message: "hello" });
	const settled = await waitFor((x) => x.type === "agent_settled" || x.type === "agent_end", 20000);
	const tools = await req({ type: "get_tools", id: "t1" });
	child.stdin.end();
	const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
	await exited;
	clearTimeout(timer);
	await mock.close();
	const reqTools = mock.requests
		.filter((r) => r.api === "openai-completions")
		.map((r) => (r.body.tools ?? []).map((t) => ({ name: t.function.name, parameters: t.function.parameters })));
	const result = {
		name,
		commands: cmds?.data?.commands ?? cmds,
		promptResponse: pr,
		settled: !!settled,
		requestTools: reqTools[0] ?? null,
		requests: mock.requests.length,
		systemPrompt: mock.requests
			.filter((r) => r.api === "openai-completions")
			.map((r) => r.body.messages?.[0]?.content)[0],
		getTools: tools?.data,
		errors: records.filter((r) => r.type === "extension_error" || r.type === "__nonjson"),
		uiRequests: records
			.filter((r) => r.type === "extension_ui_request")
			.map((r) => ({ method: r.method, title: r.title, message: r.message })),
		stderr,
		model: state?.data?.model ? `${state.data.model.provider}/${state.data.model.id}` : state,
	};
	writeFileSync(join(out, `${name}.json`), JSON.stringify(result, null, 1));
	rmSync(root, { recursive: true, force: true });
	return result;
}

const conc = Number(process.env.CONC ?? 2);
let idx = 0;
await Promise.all(
	Array.from({ length: conc }, async () => {
		while (idx < names.length) {
			const n = names[idx++];
			const t = Date.now();
			try {
				const r = await runOne(n);
				console.log(n, Date.now() - t, "ms", r.errors.length ? "ERR" : "", r.stderr ? "STDERR" : "");
			} catch (e) {
				console.log(n, "FAILED", e);
			}
		}
	}),
);

// Codemode and tool-search parity with pi 1.4 (tool selection vs exposure, tool_search and
// searchTools ranking, script timeouts, unreachable-tool warnings): see README.md here.
// usage: node codemode-parity.mjs ref|ours [name…] -> $PARITY_OUT (/tmp/pi-parity)/codemode-<which>/<name>.json
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm } from "../../../../tooling/llm-mock/dist/index.js";

// Needs the reference pi 1.4 (../shared/tools/setup-reference.sh); CI never runs this.
const REFERENCE = process.env.PI_REFERENCE ?? "/work/shared/tools/pi-reference";
const OURS = fileURLToPath(new URL("../../dist/bundle/pi.js", import.meta.url));
const OUT_ROOT = process.env.PARITY_OUT ?? "/tmp/pi-parity";
const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const EXPOSURES = join(FIXTURES, "codemode-exposures.js");
const SEARCH = join(FIXTURES, "codemode-search-tools.js");

const which = process.argv[2];
const only = process.argv.slice(3);
if (which === "ref" && !existsSync(REFERENCE)) {
	console.log(`skipped: the reference pi is not installed (${REFERENCE}; set PI_REFERENCE)`);
	process.exit(0);
}
const cmd = which === "ref" ? [REFERENCE] : [process.execPath, OURS];
const out = `${OUT_ROOT}/codemode-${which}`;
mkdirSync(out, { recursive: true });

const done = { type: "reply", blocks: [{ type: "text", text: "done" }] };
const call = (name, args, id = "c1") => ({ type: "reply", blocks: [{ type: "toolCall", id, name, arguments: args }] });
const script = (code, id = "c1") => call("codemode", { code }, id);
/** Runs a script when codemode is declared, else ends the turn. */
const ifCodemode = (code) => (request) =>
	(request.body.tools ?? []).some((tool) => tool.function.name === "codemode") ? script(code) : done;

const selection = (args, settings) => ({
	ext: [EXPOSURES],
	args,
	settings,
	turns: [ifCodemode("return ALL_TOOLS.map((tool) => tool.name).sort().join(',')"), done],
});

const SCENARIOS = {
	"sel-none": selection([]),
	"sel-star": selection(["--tools", "*"]),
	"sel-e-star": selection(["--tools", "e_*"]),
	"sel-e-star-codemode": selection(["--tools", "e_*,codemode"]),
	"sel-names": selection(["--tools", "read,e_code,e_defer,e_hidden,e_off,codemode"]),
	"sel-plus": selection(["--tools", "+e_code,+e_defer,+e_off,+codemode"]),
	"sel-plus-star": selection(["--tools", "+e_*"]),
	"sel-mixed": selection(["--tools", "read,+codemode"]),
	"sel-star-exclude": selection(["--tools", "*", "--exclude-tools", "e_m*,tool_*"]),
	"sel-default-star": selection([], { defaultTools: ["*"] }),
	"sel-default-glob": selection([], { defaultTools: ["read", "e_*", "codemode"] }),
	"sel-default-plus": selection([], { defaultTools: ["+e_code", "+e_off", "+codemode"] }),
	"sel-default-plus-star": selection([], { defaultTools: ["+e_*"] }),
	"sel-default-then-cli": selection(["--tools", "+tool_search"], { defaultTools: ["read", "+codemode"] }),
	"sel-no-builtin": selection(["--no-builtin-tools", "--tools", "+codemode"]),
	"sel-minus-ext": selection(["--tools", "-e_direct,-read,+e_code"]),
	"sel-default-minus-ext": selection([], { defaultTools: ["-e_direct", "-bash"] }),
	"sel-no-tools-plus": selection(["--no-tools", "--tools", "+codemode,+e_code"]),
	"sel-no-tools-star": selection(["--no-tools", "--tools", "*"]),
};

for (const query of [
	"issue",
	"pull request",
	"search",
	"channel message",
	"merge",
	"branch",
	"ci status",
	"file",
	"user",
	"read messages",
]) {
	SCENARIOS[`search-${query.replace(/ /g, "-")}`] = {
		ext: [SEARCH],
		args: ["--tools", "+tool_search"],
		turns: [call("tool_search", { query }), done],
	};
}
SCENARIOS["search-limit-2"] = {
	ext: [SEARCH],
	args: ["--tools", "+tool_search"],
	turns: [call("tool_search", { query: "issue", limit: 2 }), done],
};
SCENARIOS["search-none"] = {
	ext: [SEARCH],
	args: ["--tools", "+tool_search"],
	turns: [call("tool_search", { query: "kubernetes" }), done],
};
SCENARIOS["search-stopwords"] = {
	ext: [SEARCH],
	args: ["--tools", "+tool_search"],
	turns: [call("tool_search", { query: "the of and" }), done],
};
SCENARIOS["search-empty"] = {
	ext: [SEARCH],
	args: ["--tools", "+tool_search"],
	turns: [call("tool_search", { query: " " }), done],
};
SCENARIOS["search-bad-limit"] = {
	ext: [SEARCH],
	args: ["--tools", "+tool_search"],
	turns: [call("tool_search", { query: "issue", limit: 0 }), done],
};
SCENARIOS["searchtools-script"] = {
	ext: [SEARCH],
	env: { PARITY_EXPOSURE: "codemode" },
	args: ["--tools", "+codemode"],
	turns: [
		script(
			[
				"const out = {};",
				"for (const q of ['issue', 'pull request', 'search', 'channel message', 'merge', 'branch', 'ci status', 'file', 'user', 'issues', 'searching code'])",
				"  out[q] = (await searchTools(q)).map((tool) => tool.name);",
				"out.limit3 = (await searchTools('issue', { limit: 3 })).map((tool) => tool.name);",
				"out.slack = (await searchTools('message', { namespace: 'slack' })).map((tool) => tool.name);",
				"return out;",
			].join("\n"),
		),
		done,
	],
};

// Timeouts: calls that finished before the deadline, then an endless loop; a call still running.
SCENARIOS["timeout-loop"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [
		script(
			'// @options: {"timeout_ms": 3000}\nconst a = await tools.e_code({ x: "1" });\nconst b = await tools.read({ path: "f.txt" });\nconsole.log(a, b);\ntext("before");\nwhile (true) {}',
		),
		done,
	],
	files: { "f.txt": "hello\n" },
};
SCENARIOS["timeout-waiting"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [
		script(
			'// @options: {"timeout_ms": 3000}\nawait tools.e_code({ x: "1" });\ntext("before");\nawait tools.bash({ command: "sleep 20" });',
		),
		done,
	],
};
SCENARIOS["timeout-short-cold"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [
		script(
			'// @options: {"timeout_ms": 400}\nawait tools.e_code({ x: "1" });\nawait tools.bash({ command: "sleep 20" });',
		),
		done,
	],
};
SCENARIOS["timeout-no-calls"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [script('// @options: {"timeout_ms": 1500}\nwhile (true) {}'), done],
};
SCENARIOS["timeout-warm-then-hang"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [
		script("return 'warm';", "c0"),
		script(
			'// @options: {"timeout_ms": 1500}\nawait tools.e_code({ x: "1" });\nawait Promise.all([tools.bash({ command: "sleep 20" }), tools.e_defer({ x: "2" })]);',
		),
		done,
	],
};
SCENARIOS["timeout-warm-loop"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [
		script("return 'warm';", "c0"),
		script('// @options: {"timeout_ms": 1500}\nawait tools.e_code({ x: "1" });\nwhile (true) {}'),
		done,
	],
};
// Whether calls ran when the deadline passed while the worker was still starting.
for (const ms of [300, 600, 900, 1200])
	SCENARIOS[`timeout-cold-${ms}`] = {
		args: ["--tools", "+codemode"],
		turns: [
			script(
				`// @options: {"timeout_ms": ${ms}}\nawait tools.bash({ command: "touch ran" });\nawait tools.bash({ command: "sleep 20" });`,
			),
			done,
		],
		check: ["ran"],
	};
SCENARIOS["read-text"] = {
	args: ["--tools", "+codemode"],
	turns: [
		script(
			'const t = await tools.read({ path: "f.txt" });\nconsole.log("a\\n");\nconsole.log("b");\nreturn JSON.stringify(t);',
		),
		done,
	],
	files: { "f.txt": "hello\n" },
};
SCENARIOS["error-after-calls"] = {
	ext: [EXPOSURES],
	args: ["--tools", "+codemode"],
	turns: [script('await tools.e_code({ x: "1" });\nawait tools.e_defer({ x: "2" });\nthrow new Error("bad");'), done],
};

// Unreachable codemode/deferred tools: print mode (stderr) and the RPC notify.
const MCP_SERVER = join(FIXTURES, "tiny-mcp-server.mjs");
const mcpConfig = (exposure, extra = {}) => ({
	mcpServers: { tiny: { command: process.execPath, args: [MCP_SERVER], exposure, ...extra } },
});
SCENARIOS["warn-mcp-tools-read"] = { mcp: mcpConfig("codemode"), args: ["--tools", "read"], turns: [done, done] };
SCENARIOS["warn-mcp-deferred-tools-read"] = {
	mcp: mcpConfig("deferred"),
	args: ["--tools", "read"],
	turns: [done, done],
};
SCENARIOS["warn-mcp-auto-off"] = { mcp: { ...mcpConfig("codemode"), autoEnableCodemode: false }, turns: [done, done] };
SCENARIOS["warn-mcp-ne"] = { mcp: mcpConfig("codemode"), args: ["-ne", "-e", "builtin:mcp"], turns: [done, done] };
SCENARIOS["warn-mcp-default"] = { mcp: mcpConfig("codemode"), turns: [done, done] };
SCENARIOS["warn-ext-codemode-only"] = { ext: [EXPOSURES], args: ["--tools", "read"], turns: [done, done] };
for (const name of Object.keys(SCENARIOS).filter((n) => n.startsWith("warn-")))
	SCENARIOS[`${name}-rpc`] = { ...SCENARIOS[name], rpc: true };

function cleanEnv(home, agentDir, extra) {
	const env = {};
	for (const [k, v] of Object.entries(process.env))
		if (!/(_API_KEY|_TOKEN|^PI_|^OPENAI|^ANTHROPIC|^GEMINI|^GOOGLE|^AWS_|^AZURE)/.test(k)) env[k] = v;
	return Object.assign(env, {
		HOME: home,
		PI_CODING_AGENT_DIR: agentDir,
		XDG_CACHE_HOME: join(home, ".cache"),
		PI_SKIP_VERSION_CHECK: "1",
		PI_OFFLINE: "1",
		PI_TELEMETRY: "0",
		NO_COLOR: "1",
		...extra,
	});
}

async function runOne(name, sc) {
	const root = mkdtempSync(join(tmpdir(), "cm-parity-"));
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	for (const [f, c] of Object.entries(sc.files ?? {})) writeFileSync(join(cwd, f), c);
	const mock = await startMockLlm();
	for (const turn of sc.turns) mock.enqueue(turn);
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
		JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model", ...(sc.settings ?? {}) }),
	);
	if (sc.mcp) writeFileSync(join(agentDir, "mcp.json"), JSON.stringify(sc.mcp));
	const exts = (sc.ext ?? []).flatMap((e) => ["-e", e]);
	const mode = sc.rpc ? ["--mode", "rpc", "--no-session"] : ["--no-session", "-p", "hi"];
	const child = spawn(cmd[0], [...cmd.slice(1), ...mode, ...exts, ...(sc.args ?? [])], {
		cwd,
		env: cleanEnv(home, agentDir, sc.env),
		stdio: ["pipe", "pipe", "pipe"],
	});
	let stdout = "";
	let stderr = "";
	child.stderr.on("data", (d) => (stderr += d));
	const records = [];
	let settled;
	const settledPromise = new Promise((res) => (settled = res));
	let buf = "";
	child.stdout.on("data", (d) => {
		stdout += d;
		if (!sc.rpc) return;
		buf += d;
		for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
			const line = buf.slice(0, i);
			buf = buf.slice(i + 1);
			try {
				const r = JSON.parse(line);
				if (r.type === "extension_ui_request" || r.type === "response") records.push(r);
				if (r.type === "agent_end" || r.type === "agent_settled") settled();
			} catch {}
		}
	});
	const exited = new Promise((res) => child.on("close", res));
	if (sc.rpc) {
		child.stdin.write(`${JSON.stringify({ type: "prompt", message: "hi", id: "p1" })}\n`);
		await Promise.race([settledPromise, exited, new Promise((r) => setTimeout(r, 20000))]);
		child.stdin.write(`${JSON.stringify({ type: "prompt", message: "again", id: "p2" })}\n`);
		await Promise.race([new Promise((r) => setTimeout(r, 1500)), exited]);
		child.stdin.end();
		setTimeout(() => child.kill(), 3000).unref();
	} else child.stdin.end();
	const killer = setTimeout(() => child.kill(), 60000);
	const code = await exited;
	clearTimeout(killer);
	const norm = (s) =>
		s
			.split(root)
			.join("<ROOT>")
			.replace(/\d+(\.\d+)?\s?(ms|s)\b/g, "<T>");
	const requests = mock.requests.map((r) => {
		const body = r.body ?? {};
		const messages = body.messages ?? [];
		const last = messages.at(-1);
		return {
			tools: (body.tools ?? []).map((tool) => tool.function.name),
			lastToolResult:
				last?.role === "tool"
					? norm(typeof last.content === "string" ? last.content : JSON.stringify(last.content))
					: undefined,
		};
	});
	const result = {
		code,
		stdout: sc.rpc ? undefined : norm(stdout),
		stderr: norm(stderr),
		notify: records
			.filter((r) => r.method === "notify")
			.map((r) => ({ message: norm(r.message ?? ""), notifyType: r.notifyType })),
		requests,
		...(sc.check ? { exists: sc.check.filter((file) => existsSync(join(cwd, file))) } : {}),
	};
	writeFileSync(join(out, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
	await mock.close();
	rmSync(root, { recursive: true, force: true });
	console.log(`${name}: exit ${code}`);
}

for (const [name, sc] of Object.entries(SCENARIOS)) {
	if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
	await runOne(name, sc);
}

// MCP parity with pi 1.4 against @modelcontextprotocol/server-everything: see README.md here.
// usage: node mcp-parity.mjs ref|ours [scenario...]  -> $PARITY_OUT (/tmp/pi-parity)/mcp-<which>/<scenario>.json
// then:  for f in /tmp/pi-parity/mcp-ref/*.json; do diff -u $f ${f/mcp-ref/mcp-ours}; done
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlm } from "../../../../tooling/llm-mock/dist/index.js";

// Needs the reference pi 1.4 (../shared/tools/setup-reference.sh); CI never runs this.
const REFERENCE = process.env.PI_REFERENCE ?? "/work/shared/tools/pi-reference";
const OURS = fileURLToPath(new URL("../../dist/bundle/pi.js", import.meta.url));
const OUT_ROOT = process.env.PARITY_OUT ?? "/tmp/pi-parity";
const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const NODE = process.execPath;

const which = process.argv[2];
const only = process.argv.slice(3);
const out = `${OUT_ROOT}/mcp-${which}`;
mkdirSync(out, { recursive: true });
if (which === "ref" && !existsSync(REFERENCE)) {
	console.log(`skipped: the reference pi is not installed (${REFERENCE}; set PI_REFERENCE)`);
	process.exit(0);
}
const cmd = which === "ref" ? [REFERENCE] : [NODE, OURS];
const ev = (extra = {}) => ({ command: NODE, args: [EVERYTHING, "stdio"], ...extra });

function makeCtx(root, mock) {
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				mock: { baseUrl: mock.url, api: "anthropic-messages", apiKey: "test-key", models: [{ id: "mock-model" }] },
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
	const children = [];
	const ctx = {
		root,
		agentDir,
		cwd,
		mock,
		children,
		writeMcp(servers, dir = agentDir) {
			mkdirSync(dir, { recursive: true });
			writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));
		},
		readMcp(dir = agentDir) {
			return existsSync(join(dir, "mcp.json")) ? JSON.parse(readFileSync(join(dir, "mcp.json"), "utf8")) : null;
		},
		script(...responses) {
			for (const r of responses) mock.enqueue(r);
		},
		call(name, args, id = `call_${mock.requests.length}`) {
			return { type: "reply", blocks: [{ type: "toolCall", id, name, arguments: args }] };
		},
		text(text) {
			return { type: "reply", blocks: [{ type: "text", text }] };
		},
		run(args, { extraEnv = {}, stdin } = {}) {
			return new Promise((resolve) => {
				const child = spawn(cmd[0], [...cmd.slice(1), ...args], {
					cwd,
					env: { ...env, ...extraEnv },
					stdio: ["pipe", "pipe", "pipe"],
				});
				let stdout = "";
				let stderr = "";
				child.stdout.on("data", (d) => (stdout += d));
				child.stderr.on("data", (d) => (stderr += d));
				const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
				child.on("close", (code) => {
					clearTimeout(timer);
					resolve({ code, stdout, stderr });
				});
				child.stdin.end(stdin ?? "");
			});
		},
		/** RPC session: collects records until `until(records)` or 20 s, then sends `commands`. */
		rpc(args, { extraEnv = {}, commands = [], settle } = {}) {
			return new Promise((resolve) => {
				const child = spawn(cmd[0], [...cmd.slice(1), "--mode", "rpc", "--no-session", ...args], {
					cwd,
					env: { ...env, ...extraEnv },
					stdio: ["pipe", "pipe", "pipe"],
				});
				const records = [];
				let buf = "";
				let stderr = "";
				child.stderr.on("data", (d) => (stderr += d));
				const pending = [...commands];
				const next = () => {
					const c = pending.shift();
					if (!c) {
						child.stdin.end();
						return;
					}
					if (c.wait) {
						waiting = c.wait;
						return;
					}
					child.stdin.write(`${JSON.stringify(c)}\n`);
					waiting = (r) => r.type === "response" && r.id === c.id;
				};
				let waiting;
				child.stdout.on("data", (d) => {
					buf += d;
					for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
						const line = buf.slice(0, i);
						buf = buf.slice(i + 1);
						let r;
						try {
							r = JSON.parse(line);
						} catch {
							records.push({ nonjson: line });
							continue;
						}
						records.push(r);
						if (waiting?.(r)) {
							waiting = undefined;
							next();
						}
					}
				});
				const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
				child.on("close", (code) => {
					clearTimeout(timer);
					resolve({ code, records, stderr });
				});
				setTimeout(next, settle ?? 0);
			});
		},
		async startHttp() {
			const port = 20000 + Math.floor(Math.random() * 20000);
			const child = spawn(NODE, [EVERYTHING, "streamableHttp"], {
				env: { ...process.env, PORT: String(port) },
				stdio: ["ignore", "ignore", "pipe"],
			});
			children.push(child);
			let err = "";
			await new Promise((resolve, reject) => {
				child.stderr.on("data", (d) => {
					err += d;
					if (err.includes("listening")) resolve();
				});
				child.on("exit", () => reject(new Error(err)));
			});
			return `http://127.0.0.1:${port}/mcp`;
		},
		req(i) {
			const body = mock.requests[i]?.body;
			if (!body) return null;
			const system = JSON.stringify(body.system ?? "");
			const section = /<mcp_servers>[\s\S]*?<\/mcp_servers>/.exec(JSON.parse(system.startsWith('"') ? system : '""'));
			const sys = Array.isArray(body.system) ? body.system.map((b) => b.text).join("\n") : String(body.system ?? "");
			return {
				tools: (body.tools ?? []).map((t) => t.name),
				mcpSection: /<mcp_servers>[\s\S]*?<\/mcp_servers>/.exec(sys)?.[0] ?? section?.[0] ?? null,
				last: body.messages.at(-1),
			};
		},
		tool(i, name) {
			return mock.requests[i]?.body.tools?.find((t) => t.name === name) ?? null;
		},
	};
	return ctx;
}

const bad = { command: "/nonexistent/mcp-server-binary" };
const crash = { command: NODE, args: ["-e", "process.stderr.write('boom\\n'); process.exit(3)"] };
const sse = { type: "sse", url: "http://127.0.0.1:9/sse" };

const SCENARIOS = {
	async cli(c) {
		const r = {};
		r.bare = await c.run(["mcp"]);
		r.help = await c.run(["mcp", "--help"]);
		r.unknown = await c.run(["mcp", "frob"]);
		r.add = await c.run(["mcp", "add", "ev", "--", NODE, EVERYTHING, "stdio"]);
		r.addAgain = await c.run(["mcp", "add", "ev", "--", NODE, EVERYTHING, "stdio"]);
		r.addHttp = await c.run([
			"mcp",
			"add",
			"web",
			"--url",
			"http://127.0.0.1:9/mcp",
			"--header",
			"X-A=b",
			"--exposure",
			"direct",
			"--description",
			"Web",
		]);
		r.addBearer = await c.run([
			"mcp",
			"add",
			"tok",
			"--url",
			"http://127.0.0.1:9/mcp",
			"--bearer-token-env-var",
			"TOK",
		]);
		r.addSse = await c.run(["mcp", "add", "s", "--url", "http://127.0.0.1:9/sse"]);
		r.addBadName = await c.run(["mcp", "add", "bad name", "--", "x"]);
		r.addNoCmd = await c.run(["mcp", "add", "x"]);
		r.addNoName = await c.run(["mcp", "add"]);
		r.addBoth = await c.run(["mcp", "add", "x", "--url", "http://a/mcp", "--", "cmd"]);
		r.addBadExposure = await c.run(["mcp", "add", "x", "--exposure", "weird", "--", "cmd"]);
		r.addEnv = await c.run([
			"mcp",
			"add",
			"e",
			"--env",
			"A=1",
			"--env",
			"B=${X}",
			"--cwd",
			"sub",
			"--",
			"cmd",
			"--flag",
		]);
		r.addBadEnv = await c.run(["mcp", "add", "e2", "--env", "NOEQUALS", "--", "cmd"]);
		r.addLocal = await c.run(["mcp", "add", "-l", "loc", "--", NODE, EVERYTHING, "stdio"]);
		r.fileGlobal = c.readMcp();
		r.fileLocal = c.readMcp(join(c.cwd, ".pi"));
		r.remove = await c.run(["mcp", "remove", "tok"]);
		r.removeAgain = await c.run(["mcp", "remove", "tok"]);
		r.removeNone = await c.run(["mcp", "remove"]);
		r.removeLocal = await c.run(["mcp", "remove", "-l", "loc"]);
		for (const n of ["web", "e", "s"]) await c.run(["mcp", "remove", n]);
		r.list = await c.run(["mcp", "list"]);
		r.listJson = await c.run(["mcp", "list", "--json"]);
		r.listExtra = await c.run(["mcp", "list", "extra"]);
		c.writeMcp({
			ev: ev(),
			bad,
			crash,
			old: sse,
			off: { ...ev(), enabled: false },
			"ev-2": ev({ exposure: "hidden", toolExposure: { echo: "direct" } }),
		});
		r.listFailing = await c.run(["mcp", "list"]);
		r.listFailingJson = await c.run(["mcp", "list", "--json"]);
		c.writeMcp({ a_b: ev(), "a-b": ev() });
		r.listDup = await c.run(["mcp", "list"]);
		c.writeMcp({ v: ev({ env: { X: "${PI_PARITY_UNSET}" } }) });
		r.listUnset = await c.run(["mcp", "list"]);
		writeFileSync(join(c.agentDir, "mcp.json"), "{ not json");
		r.listBadJson = await c.run(["mcp", "list"]);
		return r;
	},
	async failPrint(c) {
		c.writeMcp({ bad, crash, old: sse, ev: ev({ exposure: "direct" }) });
		c.script(c.text("still here"));
		return { run: await c.run(["-p", "hi"]), req0: c.req(0) };
	},
	async failJson(c) {
		c.writeMcp({ bad, crash, old: sse });
		c.script(c.text("still here"));
		const res = await c.run(["--mode", "json", "-p", "hi"]);
		return {
			code: res.code,
			stderr: res.stderr,
			types: res.stdout
				.split("\n")
				.filter(Boolean)
				.map((l) => JSON.parse(l).type),
		};
	},
	async failRpc(c) {
		c.writeMcp({ bad, crash, old: sse });
		c.script(c.text("still here"));
		const res = await c.rpc([], {
			commands: [
				{ wait: (r) => r.type === "extension_ui_request" && /old/.test(r.message ?? "") },
				{ id: "s", type: "get_state" },
				{ id: "p", type: "prompt", message: "hi" },
				{ wait: (r) => r.type === "agent_end" },
			],
		});
		return {
			code: res.code,
			stderr: res.stderr,
			records: res.records
				.filter((r) => r.type === "extension_ui_request" || r.type === "response")
				.map((r) =>
					r.type === "response" ? { type: r.type, command: r.command, success: r.success, mcp: r.data?.mcpServers } : r,
				),
		};
	},
	async stdioDirect(c) {
		c.writeMcp({ ev: ev({ exposure: "direct", description: "Everything" }) });
		c.script(c.call("mcp__ev__echo", { message: "hello" }), c.call("mcp__ev__get_sum", { a: 2, b: 3 }), c.text("done"));
		const run = await c.run(["-p", "go"]);
		return { run, req0: c.req(0), echoSchema: c.tool(0, "mcp__ev__echo"), res1: c.req(1)?.last, res2: c.req(2)?.last };
	},
	async httpDirect(c) {
		const url = await c.startHttp();
		c.writeMcp({ web: { url, exposure: "direct" } });
		c.script(c.call("mcp__web__echo", { message: "over http" }), c.text("done"));
		const run = await c.run(["-p", "go"]);
		const r = { run, tools: c.req(0)?.tools, res1: c.req(1)?.last };
		r.list = await c.run(["mcp", "list"]);
		r.list.stdout = r.list.stdout.replace(url, "<URL>");
		return r;
	},
	async codemode(c) {
		c.writeMcp({ ev: ev({ description: "Everything server" }) });
		c.script(
			c.call("codemode", { code: 'return await tools.mcp__ev__echo({ message: "from script" });' }),
			c.text("done"),
		);
		const run = await c.run(["-p", "go"]);
		return { run, req0: c.req(0), res1: c.req(1)?.last };
	},
	async codemodeNoDesc(c) {
		c.writeMcp({ ev: ev() });
		c.script(c.text("a"), c.text("b"));
		const rpc = await c.rpc([], {
			commands: [
				{ id: "p", type: "prompt", message: "one" },
				{ wait: (r) => r.type === "agent_end" },
				{ id: "p2", type: "prompt", message: "two" },
				{ wait: (r) => r.type === "agent_end" },
			],
		});
		return { req0: c.req(0), req1: c.req(1), rpcCode: rpc.code };
	},
	async deferred(c) {
		c.writeMcp({ ev: ev({ exposure: "deferred" }) });
		c.script(
			c.call("tool_search", { query: "echo message" }),
			c.call("mcp__ev__echo", { message: "found" }),
			c.text("done"),
		);
		const run = await c.run(["-p", "go"]);
		return { run, req0: c.req(0), res1: c.req(1), res2: c.req(2)?.last };
	},
	async hidden(c) {
		c.writeMcp({ ev: ev({ exposure: "hidden" }) });
		c.script(c.call("mcp__ev__echo", { message: "x" }), c.text("done"));
		const run = await c.run(["-p", "go"]);
		return { run, req0: c.req(0), res1: c.req(1)?.last };
	},
	async errors(c) {
		c.writeMcp({ ev: ev({ exposure: "direct" }) });
		c.script(
			c.call("mcp__ev__get_sum", { a: "not a number" }),
			c.call("mcp__ev__get_structured_content", { location: "New York" }),
			c.call("mcp__ev__get_tiny_image", {}),
			c.call("mcp__ev__get_resource_links", { count: 1 }),
			c.text("done"),
		);
		const run = await c.run(["-p", "go"]);
		return { run, res1: c.req(1)?.last, res2: c.req(2)?.last, res3: c.req(3)?.last, res4: c.req(4)?.last };
	},
	async resources(c) {
		c.writeMcp({ ev: ev({ exposure: "direct" }) });
		c.script(
			c.call("list_mcp_resources", { server: "ev" }),
			c.call("read_mcp_resource", { server: "ev", uri: "demo://resource/static/document/architecture.md" }),
			c.call("list_mcp_resource_templates", {}),
			c.call("read_mcp_resource", { server: "nope", uri: "demo://x" }),
			c.text("done"),
		);
		const run = await c.run(["-p", "go"]);
		const r = { run, tools: c.req(0)?.tools };
		for (const n of ["list_mcp_resources", "read_mcp_resource", "list_mcp_resource_templates"]) r[n] = c.tool(0, n);
		for (let i = 1; i <= 4; i++) r[`res${i}`] = c.req(i)?.last;
		return r;
	},
	async envExpansion(c) {
		c.writeMcp({
			ev: ev({ exposure: "direct", env: { PARITY_SECRET: "${PI_PARITY_VALUE}", BOTH: "a-${PI_PARITY_VALUE}-b" } }),
		});
		c.script(c.call("mcp__ev__get_env", {}), c.text("done"));
		const run = await c.run(["-p", "go"], { extraEnv: { PI_PARITY_VALUE: "s3cret" } });
		const last = JSON.stringify(c.req(1)?.last ?? "");
		return { run, hasSecret: last.includes("s3cret"), hasBoth: last.includes("a-s3cret-b") };
	},
	async envUnset(c) {
		c.writeMcp({ ev: ev({ exposure: "direct", env: { X: "${PI_PARITY_UNSET}" } }) });
		c.script(c.text("still"));
		const run = await c.run(["-p", "go"]);
		return { run, list: await c.run(["mcp", "list"]) };
	},
	async trust(c) {
		c.writeMcp({ proj: ev({ exposure: "direct" }) }, join(c.cwd, ".pi"));
		c.script(c.text("a"), c.text("b"), c.text("c"));
		const r = {};
		r.plain = await c.run(["-p", "hi"]);
		r.plainTools = c.req(0)?.tools;
		r.no = await c.run(["--no-approve", "-p", "hi"]);
		r.noTools = c.req(1)?.tools;
		r.yes = await c.run(["--approve", "-p", "hi"]);
		r.yesTools = c.req(2)?.tools;
		r.list = await c.run(["mcp", "list"]);
		r.listApprove = await c.run(["mcp", "list", "--approve"]);
		return r;
	},
	async noMcp(c) {
		c.writeMcp({ ev: ev({ exposure: "direct" }) });
		c.script(c.text("a"));
		const run = await c.run(["--no-mcp", "-p", "hi"]);
		return { run, tools: c.req(0)?.tools, slash: await c.run(["--no-mcp", "-p", "/mcp"]) };
	},
	async slashPrint(c) {
		c.writeMcp({ ev: ev({ exposure: "direct" }), bad });
		return { run: await c.run(["-p", "/mcp"]) };
	},
};

for (const [name, fn] of Object.entries(SCENARIOS)) {
	if (only.length && !only.includes(name)) continue;
	const root = mkdtempSync(join(tmpdir(), "mcp-parity-"));
	const mock = await startMockLlm();
	const c = makeCtx(root, mock);
	let result;
	try {
		result = await fn(c);
	} catch (error) {
		result = { threw: String(error?.stack ?? error) };
	}
	for (const child of c.children) child.kill("SIGKILL");
	await mock.close();
	const text = JSON.stringify(result, null, 2)
		.split(root)
		.join("<ROOT>")
		.split(EVERYTHING)
		.join("<EVERYTHING>")
		.split(NODE)
		.join("<NODE>");
	writeFileSync(join(out, `${name}.json`), `${text}\n`);
	console.log(`${which} ${name}`);
	rmSync(root, { recursive: true, force: true });
}

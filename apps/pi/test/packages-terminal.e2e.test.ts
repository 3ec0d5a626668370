// `pi install` at a terminal (issue 21): it says what the package can do and asks before writing
// anything when the package runs code; -y skips the question. `pi config` opens its selector.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { writePackage } from "./support/package-servers.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("pi install terminal e2e tests skipped: tmux is not installed");

const PACKAGE = {
	"package.json": JSON.stringify({ name: "pi-asks", version: "1.0.0" }),
	"extensions/run.ts": "export default function (pi) {}\n",
	"prompts/hi.md": "Hello\n",
};

describe.skipIf(!tmuxAvailable)("pi install at a terminal (tmux)", () => {
	const session = useTmuxSession();
	const settingsPath = () => join(session.env.agentDir, "settings.json");
	const packages = () => (JSON.parse(readFileSync(settingsPath(), "utf8")) as { packages?: unknown[] }).packages;

	it("shows the capabilities and writes nothing when the answer is no", async () => {
		const dir = join(session.env.root, "asks");
		writePackage(dir, PACKAGE);
		const pi = session.start(["install", dir]);
		const screen = await pi.waitFor("Install it? [y/N]");
		expect(screen).toContain("1 extension (run code inside pi with your permissions): extensions/run.ts");
		expect(screen).toContain("1 prompt template: /hi");
		pi.type("n");
		pi.keys("Enter");
		await pi.waitFor(/PI_EXITED 1/);
		expect(packages()).toBeUndefined();
	});

	it("installs after yes, and -y does not ask", async () => {
		const dir = join(session.env.root, "asks");
		writePackage(dir, PACKAGE);
		const pi = session.start(["install", dir]);
		await pi.waitFor("Install it? [y/N]");
		pi.type("y");
		pi.keys("Enter");
		await pi.waitFor("PI_EXITED 0");
		expect(packages()).toEqual(["../../../asks"]);
		const again = session.start(["install", "-y", dir]);
		const screen = await again.waitFor("PI_EXITED 0");
		expect(screen).not.toContain("Install it?");
		expect(existsSync(dir)).toBe(true);
	});

	it("lists a package prompt that lost to the agent folder's as pi 1.4's [Prompt conflicts] block", async () => {
		const dir = join(session.env.root, "asks");
		writePackage(dir, PACKAGE);
		mkdirSync(join(session.env.agentDir, "prompts"), { recursive: true });
		writeFileSync(join(session.env.agentDir, "prompts", "hi.md"), "Agent hello\n");
		const current = JSON.parse(readFileSync(settingsPath(), "utf8")) as Record<string, unknown>;
		writeFileSync(settingsPath(), JSON.stringify({ ...current, packages: [dir] }));
		const pi = session.start([]);
		const screen = await pi.waitFor("(skipped)");
		const lines = screen.split("\n").map((line) => line.trim());
		const start = lines.indexOf("[Prompt conflicts]");
		expect(start).toBeGreaterThanOrEqual(0);
		expect(lines.slice(start, start + 4)).toEqual([
			"[Prompt conflicts]",
			'"hi" collision:',
			"✓ ~/.pi/agent/prompts/hi.md",
			`✗ ${join(dir, "prompts", "hi.md")} (skipped)`,
		]);
	});

	it("an untrusted project's TUI says, in 1.4's words, that its packages are ignored", async () => {
		mkdirSync(join(session.env.cwd, ".pi"), { recursive: true });
		writeFileSync(join(session.env.cwd, ".pi", "settings.json"), JSON.stringify({ packages: ["../asks"] }));
		const pi = session.start(["-na"]);
		const screen = (await pi.waitFor("restart pi.")).replace(/\s+/g, " ");
		expect(screen).toContain(
			"This project is not trusted. Project .pi resources and packages are ignored. Use /trust to save a trust decision, then restart pi.",
		);
	});
});

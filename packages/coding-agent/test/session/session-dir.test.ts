import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import { resolveSessionDir, SESSION_DIR_ENV } from "../../src/core/session/resolve-session-dir.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { getAgentDir } from "../../src/core/session/session-paths.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const savedEnv = { agentDir: process.env.PI_CODING_AGENT_DIR, sessionDir: process.env[SESSION_DIR_ENV] };

afterEach(() => {
	restore("PI_CODING_AGENT_DIR", savedEnv.agentDir);
	restore(SESSION_DIR_ENV, savedEnv.sessionDir);
});

function restore(name: string, value: string | undefined): void {
	if (value === undefined) delete process.env[name];
	else process.env[name] = value;
}

const settingsWith = (sessionDir: string | undefined) => ({ getSessionDir: () => sessionDir });

describe("getAgentDir", () => {
	it("uses PI_CODING_AGENT_DIR (absolute or ~-prefixed), else ~/.pi/agent", () => {
		expect(getAgentDir({})).toBe(join(homedir(), ".pi", "agent"));
		expect(getAgentDir({ PI_CODING_AGENT_DIR: "/opt/pi" })).toBe("/opt/pi");
		expect(getAgentDir({ PI_CODING_AGENT_DIR: "~/alt" })).toBe(join(homedir(), "alt"));
	});
});

describe("resolveSessionDir", () => {
	it("takes the CLI value first, then the env variable, then settings, then the per-cwd default", () => {
		const env = { [SESSION_DIR_ENV]: "/env/sessions", PI_CODING_AGENT_DIR: "/agent" };
		const settings = settingsWith("/settings/sessions");
		expect(resolveSessionDir({ cwd: "/w/app", cliSessionDir: "/cli/sessions", env, settings })).toBe("/cli/sessions");
		expect(resolveSessionDir({ cwd: "/w/app", env, settings })).toBe("/env/sessions");
		expect(resolveSessionDir({ cwd: "/w/app", env: { PI_CODING_AGENT_DIR: "/agent" }, settings })).toBe(
			"/settings/sessions",
		);
		expect(
			resolveSessionDir({ cwd: "/w/app", env: { PI_CODING_AGENT_DIR: "/agent" }, settings: settingsWith(undefined) }),
		).toBe("/agent/sessions/--w-app--");
		expect(resolveSessionDir({ cwd: "/w/app", env: {}, agentDir: "/other" })).toBe("/other/sessions/--w-app--");
	});

	it("skips empty values, expands ~ and resolves relative CLI and env values against the cwd", () => {
		const env = { [SESSION_DIR_ENV]: "", PI_CODING_AGENT_DIR: "/agent" };
		expect(resolveSessionDir({ cwd: "/w/app", cliSessionDir: "", env })).toBe("/agent/sessions/--w-app--");
		expect(resolveSessionDir({ cwd: "/w/app", cliSessionDir: "~/s", env })).toBe(join(homedir(), "s"));
		expect(resolveSessionDir({ cwd: "/w/app", env: { [SESSION_DIR_ENV]: "rel" } })).toBe("/w/app/rel");
	});

	it("reads sessionDir from an untrusted project's settings, resolved against <cwd>/.pi", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(cwd, ".pi"));
		writeFileSync(join(cwd, ".pi", "settings.json"), JSON.stringify({ sessionDir: "sessions" }));
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ sessionDir: "global-sessions" }));
		const settings = SettingsManager.create(cwd, agentDir, { projectTrusted: false });
		expect(resolveSessionDir({ cwd, env: {}, settings, agentDir })).toBe(join(cwd, ".pi", "sessions"));
		const globalOnly = SettingsManager.create(tempDir(), agentDir);
		expect(resolveSessionDir({ cwd, env: {}, settings: globalOnly, agentDir })).toBe(join(agentDir, "global-sessions"));
	});
});

describe("SessionManager without an explicit session directory", () => {
	it("stores sessions of every cwd flat in PI_CODING_AGENT_SESSION_DIR when it is set", () => {
		const flat = tempDir();
		process.env[SESSION_DIR_ENV] = flat;
		const first = SessionManager.create("/a");
		const second = SessionManager.create("/b");
		expect(first.getSessionDir()).toBe(flat);
		expect(second.getSessionDir()).toBe(flat);
		first.appendMessage(userMessage("q"));
		first.appendMessage(assistantMessage("a"));
		expect(SessionManager.list("/a").map((info) => info.id)).toEqual([first.getSessionId()]);
		expect(SessionManager.continueRecent("/a").getSessionId()).toBe(first.getSessionId());
		process.env.PI_CODING_AGENT_DIR = tempDir();
		expect(SessionManager.listAll().map((info) => info.id)).toEqual([first.getSessionId()]);
	});

	it("uses <agentDir>/sessions/<encoded cwd> otherwise", () => {
		const agentDir = tempDir();
		process.env.PI_CODING_AGENT_DIR = agentDir;
		delete process.env[SESSION_DIR_ENV];
		expect(SessionManager.create("/home/ada/code/app").getSessionDir()).toBe(
			join(agentDir, "sessions", "--home-ada-code-app--"),
		);
	});
});

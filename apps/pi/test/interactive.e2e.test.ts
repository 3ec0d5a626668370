import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("interactive e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("pi interactive (tmux)", () => {
	const session = useTmuxSession();
	const start = session.start;

	it("streams the answer to a typed prompt and quits on Ctrl+C twice with the tty restored", async () => {
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "The answer is forty-two.", deltas: 5 }] });
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("what is the answer?");
		pi.keys("Enter");
		await pi.waitFor("The answer is forty-two.");
		expect(pi.screen()).toContain("what is the answer?");
		expect(session.mock.requests).toHaveLength(1);
		pi.keys("C-c");
		await pi.waitFor("Press Ctrl+C again to quit");
		pi.keys("C-c");
		await pi.waitFor("PI_EXITED 0");
		const states = pi.ttyStates();
		expect(states.after).toBe(states.before);
		expect(pi.format("cursor_flag")).toBe("1");
	});

	it("shows a bash tool call with its output", async () => {
		session.mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", name: "bash", arguments: { command: "echo hello-from-bash" } }],
				stopReason: "toolUse",
			},
			{ type: "reply", blocks: [{ type: "text", text: "The command printed a greeting." }] },
		);
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("run it");
		pi.keys("Enter");
		await pi.waitFor("The command printed a greeting.");
		const screen = pi.screen();
		expect(screen).toContain("$ echo hello-from-bash");
		expect(screen).toMatch(/^\s+hello-from-bash\s*$/m);
	});

	it("steers with Enter and queues a follow-up with Alt+Enter while streaming", async () => {
		// The first reply holds until both messages are seen queued (a paced reply could end first on
		// a loaded machine, and nothing would be left to steer).
		let resume!: () => void;
		session.mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "text", text: "slow ".repeat(60), deltas: 60 }],
				stallAfterEvents: 8,
				resumeWhen: new Promise<void>((resolve) => (resume = resolve)),
			},
			{ type: "reply", blocks: [{ type: "text", text: "Steered reply." }] },
			{ type: "reply", blocks: [{ type: "text", text: "Follow-up reply." }] },
		);
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("start");
		pi.keys("Enter");
		await pi.waitFor("slow slow");
		pi.type("steer now");
		pi.keys("Enter");
		pi.type("later please");
		pi.keys("M-Enter");
		await pi.waitFor((screen) => screen.includes("Steering: steer now") && screen.includes("Follow-up: later please"));
		resume();
		await pi.waitFor("Follow-up reply.", 20_000);
		expect(pi.history()).toContain("Steered reply.");
		const bodies = session.mock.requests.map((request) => JSON.stringify(request.body));
		expect(bodies[1]).toContain("steer now");
		expect(bodies[2]).toContain("later please");
	});

	it("Escape aborts a stalled stream", async () => {
		session.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "partial answer then nothing", deltas: 4 }],
			stallAfterEvents: 4,
		});
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("hang");
		pi.keys("Enter");
		// pi 1.4's place for it: the editor's top border.
		await pi.waitFor(/── \S Working ─/);
		pi.keys("Escape");
		await pi.waitFor("Aborted");
		await pi.waitFor((screen) => !screen.includes("Working"));
	});

	it("keeps the transcript when the window is resized mid-stream", async () => {
		// Held after its first lines until both resizes are sent, so they certainly land mid-stream.
		let resume!: () => void;
		session.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: `first line\n\n${"word ".repeat(80)}\n\nlast line`, deltas: 40 }],
			stallAfterEvents: 8,
			resumeWhen: new Promise<void>((resolve) => (resume = resolve)),
		});
		const pi = start([], { columns: 100, rows: 30 });
		await pi.waitFor("mock-model");
		pi.type("stream please");
		pi.keys("Enter");
		await pi.waitFor("first line");
		pi.resize(60, 30);
		pi.resize(120, 30);
		resume();
		await pi.waitFor("last line", 15_000);
		const history = pi.history();
		expect(history.match(/stream please/g)).toHaveLength(1);
		expect(history).toContain("first line");
	});

	it("switches the model with /model", async () => {
		session.env.writeModelsJson({
			providers: {
				mock: {
					baseUrl: session.mock.url,
					api: "anthropic-messages",
					apiKey: "test-key",
					models: [{ id: "mock-model" }, { id: "second-model" }],
				},
			},
		});
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "from the second model" }] });
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("/model");
		pi.keys("Enter");
		await pi.waitFor("Select a model");
		pi.type("second");
		pi.keys("Enter");
		await pi.waitFor("Model: mock/second-model");
		pi.type("hi");
		pi.keys("Enter");
		await pi.waitFor("from the second model");
		expect(JSON.stringify(session.mock.requests[0]?.body)).toContain("second-model");
	});

	it("navigates with /tree and forks with /fork", async () => {
		session.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "answer one" }] },
			{ type: "reply", blocks: [{ type: "text", text: "answer two" }] },
			{ type: "reply", blocks: [{ type: "text", text: "answer on the branch" }] },
		);
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("question one");
		pi.keys("Enter");
		await pi.waitFor("answer one");
		pi.type("question two");
		pi.keys("Enter");
		await pi.waitFor("answer two");
		pi.type("/tree");
		pi.keys("Enter");
		await pi.waitFor("Session tree");
		pi.type("answer one");
		pi.keys("Enter");
		await pi.waitFor("Summarize the branch you are leaving?");
		pi.keys("Enter");
		await pi.waitFor((screen) => !screen.includes("Session tree") && !screen.includes("answer two"));
		pi.type("branch question");
		pi.keys("Enter");
		await pi.waitFor("answer on the branch");
		const branchBody = JSON.stringify(session.mock.requests[2]?.body);
		expect(branchBody).toContain("question one");
		expect(branchBody).not.toContain("question two");
		pi.type("/fork");
		pi.keys("Enter");
		await pi.waitFor("Fork from a user message");
		pi.type("branch question");
		pi.keys("Enter");
		await pi.waitFor("Forked into a new session.");
		expect(pi.screen()).toMatch(/branch question/);
	});

	it("resumes a previous session with /resume", async () => {
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "remembered reply" }] });
		const first = start();
		await first.waitFor("mock-model");
		first.type("an earlier conversation");
		first.keys("Enter");
		await first.waitFor("remembered reply");
		first.type("/quit");
		first.keys("Enter");
		await first.waitFor("PI_EXITED 0");
		const second = start();
		await second.waitFor("mock-model");
		second.type("/resume");
		second.keys("Enter");
		await second.waitFor("an earlier conversation");
		second.keys("Enter");
		await second.waitFor("remembered reply");
		expect(second.screen()).toContain("Resumed");
	});

	it("answers an extension dialog (the permission gate) with the keyboard", async () => {
		// A global extension (auto-discovered), so the test does not depend on -e being wired.
		mkdirSync(join(session.env.agentDir, "extensions"), { recursive: true });
		const extension = join(session.env.agentDir, "extensions", "permission-gate.ts");
		writeFileSync(
			extension,
			`export default function (pi) {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return undefined;
		const command = String(event.input.command);
		if (!/\\brm\\s+(-rf?|--recursive)/i.test(command)) return undefined;
		if (!ctx.hasUI) return { block: true, reason: "Dangerous command blocked (no UI for confirmation)" };
		const choice = await ctx.ui.select("⚠️ Dangerous command:\\n\\n  " + command + "\\n\\nAllow?", ["Yes", "No"]);
		return choice === "Yes" ? undefined : { block: true, reason: "Blocked by user" };
	});
}
`,
		);
		session.mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", name: "bash", arguments: { command: "rm -rf ./scratch" } }],
				stopReason: "toolUse",
			},
			{ type: "reply", blocks: [{ type: "text", text: "Understood, not deleting." }] },
		);
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("clean up");
		pi.keys("Enter");
		await pi.waitFor("Dangerous command:");
		expect(pi.screen()).toContain("rm -rf ./scratch");
		pi.keys("Down");
		pi.keys("Enter");
		await pi.waitFor("Understood, not deleting.");
		expect(pi.screen()).toContain("Blocked by user");
		expect(JSON.stringify(session.mock.requests[1]?.body)).toContain("Blocked by user");
	});

	it.each([
		["SIGTERM", 143],
		["SIGHUP", 129],
	] as const)("%s restores the terminal", async (signal, code) => {
		const pi = start();
		await pi.waitFor("mock-model");
		pi.type("half-typed");
		await pi.waitFor("half-typed");
		const pid = pi.piPid();
		expect(pid).toBeGreaterThan(0);
		process.kill(pid!, signal);
		await pi.waitFor(`PI_EXITED ${code}`);
		const states = pi.ttyStates();
		expect(states.after).toBe(states.before);
		expect(pi.format("cursor_flag")).toBe("1");
	});

	it("Ctrl+G edits the prompt in $EDITOR", async () => {
		const editor = join(session.env.root, "fake-editor.sh");
		writeFileSync(editor, '#!/bin/sh\nprintf "rewritten by the editor" > "$1"\n', { mode: 0o755 });
		const pi = start([], { extraEnv: { EDITOR: editor, VISUAL: "" } });
		await pi.waitFor("mock-model");
		pi.type("first draft");
		await pi.waitFor("first draft");
		pi.keys("C-g");
		await pi.waitFor("rewritten by the editor");
		expect(pi.screen()).not.toContain("first draft");
	});

	it("widening a long transcript keeps its scrollback", async () => {
		for (let index = 0; index < 4; index++) {
			session.mock.enqueue({
				type: "reply",
				blocks: [
					{ type: "text", text: Array.from({ length: 12 }, (_, line) => `answer ${index} line ${line}`).join("\n\n") },
				],
			});
		}
		const pi = start([], { columns: 80, rows: 20 });
		await pi.waitFor("mock-model");
		for (let index = 0; index < 4; index++) {
			pi.type(`question number ${index}`);
			pi.keys("Enter");
			await pi.waitFor(`answer ${index} line 11`);
		}
		expect(pi.history()).toContain("question number 0");
		pi.resize(120, 20);
		await pi.waitFor((screen) => screen.split("\n").some((line) => line.length > 80));
		pi.type("typed after widening");
		await pi.waitFor("typed after widening");
		const history = pi.history();
		expect(history).toContain("SHELL OUTPUT BEFORE PI");
		expect(history.match(/question number 0/g)).toHaveLength(1);
		expect(history.match(/answer 0 line 5/g)).toHaveLength(1);
		expect(history.match(/answer 3 line 11/g)).toHaveLength(1);
	});
});

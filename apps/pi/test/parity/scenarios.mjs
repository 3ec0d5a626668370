const text = (t) => ({ type: "reply", blocks: [{ type: "text", text: t }] });
const call = (name, args, id) => ({
	type: "reply",
	blocks: [{ type: "toolCall", name, arguments: args, ...(id ? { id } : {}) }],
});
export const SCENARIOS = {
	"rpc-demo-select-allow": {
		ext: "rpc-demo.ts",
		script: [call("bash", { command: "rm -rf ./tmpdir" }, "c1"), text("done")],
		answers: { select: "Allow" },
		steps: [{ settle: true, send: { type: "prompt", message: "clean" } }],
	},
	"rpc-demo-select-block": {
		ext: "rpc-demo.ts",
		script: [call("bash", { command: "sudo ls" }, "c1"), text("done")],
		answers: { select: "Block" },
		steps: [{ settle: true, send: { type: "prompt", message: "clean" } }],
	},
	"rpc-demo-input-editor": {
		ext: "rpc-demo.ts",
		answers: { input: "hello", editor: "a\nb" },
		steps: [
			{ send: { type: "prompt", message: "/rpc-input" } },
			{ send: { type: "prompt", message: "/rpc-editor" } },
			{ send: { type: "prompt", message: "/rpc-prefill" } },
		],
	},
	"rpc-demo-confirm-new": {
		ext: "rpc-demo.ts",
		answers: { confirm: [false, true] },
		steps: [{ send: { type: "new_session" } }, { send: { type: "new_session" } }],
	},
	question: {
		ext: "question.ts",
		script: [call("question", { question: "Pick", options: [{ label: "A" }, { label: "B" }] }, "c1"), text("done")],
		answers: { select: "B" },
		steps: [{ settle: true, send: { type: "prompt", message: "ask" } }],
	},
	questionnaire: {
		ext: "questionnaire.ts",
		script: [
			call(
				"questionnaire",
				{ questions: [{ id: "q1", prompt: "Color?", options: [{ value: "red", label: "Red" }] }] },
				"c1",
			),
			text("done"),
		],
		answers: { select: "Red" },
		steps: [{ settle: true, send: { type: "prompt", message: "ask" } }],
	},
	"confirm-destructive": {
		ext: "confirm-destructive.ts",
		answers: { confirm: [false] },
		steps: [{ send: { type: "new_session" } }],
	},
	"permission-gate-deny": {
		ext: "permission-gate.ts",
		script: [call("bash", { command: "rm -rf build" }, "c1"), text("done")],
		answers: { select: "No" },
		steps: [{ settle: true, send: { type: "prompt", message: "x" } }],
	},
	"permission-gate-allow": {
		ext: "permission-gate.ts",
		script: [call("bash", { command: "rm -rf build" }, "c1"), text("done")],
		answers: { select: "Yes" },
		steps: [{ settle: true, send: { type: "prompt", message: "x" } }],
	},
	"timed-confirm": {
		ext: "timed-confirm.ts",
		answers: { confirm: true, select: "Yes" },
		steps: [
			{ send: { type: "prompt", message: "/timed" } },
			{ send: { type: "prompt", message: "/timed-select" } },
			{ send: { type: "prompt", message: "/timed-signal" } },
		],
	},
	"hello-tool": {
		ext: "hello.ts",
		script: [call("hello", { name: "World" }, "c1"), text("done")],
		steps: [{ settle: true, send: { type: "prompt", message: "greet" } }],
	},
	"todo-tool": {
		ext: "todo.ts",
		script: [call("todo", { action: "add", text: "milk" }, "c1"), call("todo", { action: "list" }, "c2"), text("done")],
		steps: [
			{ settle: true, send: { type: "prompt", message: "todo" } },
			{ send: { type: "prompt", message: "/todos" } },
		],
	},
	"truncated-tool": {
		ext: "truncated-tool.ts",
		files: { "a.txt": "alpha\nbeta\n" },
		script: [call("rg", { pattern: "alpha" }, "c1"), text("done")],
		steps: [{ settle: true, send: { type: "prompt", message: "search" } }],
	},
	commands: {
		ext: "commands.ts",
		answers: { select: [undefined] },
		steps: [
			{ send: { type: "prompt", message: "/commands" } },
			{ send: { type: "prompt", message: "/commands extension" } },
		],
	},
	pirate: {
		ext: "pirate.ts",
		script: [text("arr"), text("plain")],
		steps: [
			{ send: { type: "prompt", message: "/pirate" } },
			{ settle: true, send: { type: "prompt", message: "hi" } },
			{ send: { type: "prompt", message: "/pirate" } },
			{ settle: true, send: { type: "prompt", message: "hi" } },
		],
	},
	"send-user-message": {
		ext: "send-user-message.ts",
		script: [text("r1"), text("r2")],
		steps: [{ settle: true, send: { type: "prompt", message: "/ask what is 2+2" } }],
	},
	"input-transform": {
		ext: "input-transform.ts",
		script: [text("brief")],
		steps: [
			{ send: { type: "prompt", message: "ping" } },
			{ send: { type: "prompt", message: "?quick " } },
			{ settle: true, send: { type: "prompt", message: "?quick what is rust" } },
		],
	},
	"input-transform-streaming": {
		ext: "input-transform-streaming.ts",
		script: [text("a"), text("b")],
		steps: [{ settle: true, send: { type: "prompt", message: "hello" } }],
	},
	"inline-bash": {
		ext: "inline-bash.ts",
		script: [text("a")],
		steps: [{ settle: true, send: { type: "prompt", message: "value: !{echo 42}" } }],
	},
	"system-prompt-header": {
		ext: "system-prompt-header.ts",
		script: [text("a")],
		steps: [{ settle: true, send: { type: "prompt", message: "hi" } }],
	},
	"prompt-customizer": {
		ext: "prompt-customizer.ts",
		script: [text("a")],
		steps: [{ settle: true, send: { type: "prompt", message: "hi" } }],
	},
	"claude-rules": {
		ext: "claude-rules.ts",
		files: { "CLAUDE.md": "rule one" },
		script: [text("a")],
		steps: [{ settle: true, send: { type: "prompt", message: "hi" } }],
	},
	"tool-override-read": {
		ext: "tool-override.ts",
		files: { ".env": "SECRET=1", "n.txt": "notes" },
		script: [call("read", { path: ".env" }, "c1"), call("read", { path: "n.txt" }, "c2"), text("done")],
		steps: [{ settle: true, send: { type: "prompt", message: "read" } }],
	},
	"bash-spawn-hook": {
		ext: "bash-spawn-hook.ts",
		script: [call("bash", { command: "echo $PI_SPAWN_HOOK" }, "c1"), text("done")],
		steps: [{ settle: true, send: { type: "prompt", message: "run" } }],
	},
	"structured-output-terminate": {
		ext: "structured-output.ts",
		script: [
			call("structured_output", { headline: "H", summary: "S", actionItems: ["a"] }, "c1"),
			text("SHOULD NOT BE USED"),
		],
		steps: [{ settle: true, send: { type: "prompt", message: "struct" } }],
	},
	"dynamic-tools": {
		ext: "dynamic-tools.ts",
		script: [text("a")],
		steps: [
			{ send: { type: "prompt", message: "/tools-add echo" } },
			{ settle: true, send: { type: "prompt", message: "hi" } },
		],
	},
	"shutdown-command": { ext: "shutdown-command.ts", steps: [{ send: { type: "prompt", message: "/quit" } }] },
	"session-name": {
		ext: "session-name.ts",
		steps: [{ send: { type: "prompt", message: "/session-name my name" } }, { send: { type: "get_state" } }],
	},
	"event-bus": { ext: "event-bus.ts", steps: [{ send: { type: "prompt", message: "/emit hello" } }] },
	preset: {
		ext: "preset.ts",
		files: { ".pi/presets.json": JSON.stringify({ fast: { tools: ["read"], instructions: "Be fast." } }) },
		script: [text("a")],
		steps: [
			{ send: { type: "prompt", message: "/preset fast" } },
			{ settle: true, send: { type: "prompt", message: "hi" } },
		],
	},
	"plan-mode": {
		ext: "plan-mode",
		script: [text("Plan:\n1. First step\n2. Second step")],
		answers: { select: [undefined] },
		steps: [
			{ send: { type: "prompt", message: "/plan" } },
			{ settle: true, send: { type: "prompt", message: "plan it" } },
		],
	},
	bookmark: {
		ext: "bookmark.ts",
		script: [text("a")],
		steps: [
			{ settle: true, send: { type: "prompt", message: "hi" } },
			{ send: { type: "prompt", message: "/bookmark mark1" } },
			{ send: { type: "get_entries" } },
		],
	},
	handoff: {
		ext: "handoff.ts",
		script: [text("a"), text("handoff summary")],
		answers: { editor: "edited", confirm: true, select: [undefined] },
		steps: [
			{ settle: true, send: { type: "prompt", message: "hi" } },
			{ send: { type: "prompt", message: "/handoff continue" } },
		],
	},
	summarize: {
		ext: "summarize.ts",
		script: [text("a"), text("summary")],
		steps: [
			{ settle: true, send: { type: "prompt", message: "hi" } },
			{ send: { type: "prompt", message: "/summarize" } },
		],
	},
	"tools-cmd": {
		ext: "tools.ts",
		answers: { select: [undefined] },
		steps: [{ send: { type: "prompt", message: "/tools" } }],
	},
	"trigger-compact": {
		ext: "trigger-compact.ts",
		script: [text("a"), text("summary")],
		steps: [
			{ settle: true, send: { type: "prompt", message: "hi" } },
			{ send: { type: "prompt", message: "/trigger-compact" } },
		],
	},
	qna: {
		ext: "qna.ts",
		script: [text("Q1? answer"), text("extracted")],
		steps: [{ settle: true, send: { type: "prompt", message: "hi" } }, { send: { type: "prompt", message: "/qna" } }],
	},
	"protected-paths": {
		ext: "protected-paths.ts",
		script: [call("write", { path: ".env", content: "x" }, "c1"), text("done")],
		steps: [{ settle: true, send: { type: "prompt", message: "w" } }],
	},
	"dirty-repo-guard": {
		ext: "dirty-repo-guard.ts",
		answers: { select: [undefined], confirm: false },
		steps: [{ send: { type: "new_session" } }],
	},
	"project-trust": {
		ext: "project-trust.ts",
		answers: { select: [undefined], confirm: false },
		script: [text("a")],
		steps: [{ settle: true, send: { type: "prompt", message: "hi" } }],
	},
	"model-status": {
		ext: "model-status.ts",
		steps: [{ send: { type: "set_model", provider: "mock", modelId: "mock-model" } }],
	},
	"structured-output-then": {
		ext: "structured-output.ts",
		script: [call("structured_output", { headline: "H", summary: "S", actionItems: [] }, "c1"), text("x")],
		steps: [
			{ settle: true, send: { type: "prompt", message: "struct" } },
			{ send: { type: "get_last_assistant_text" } },
		],
	},
};

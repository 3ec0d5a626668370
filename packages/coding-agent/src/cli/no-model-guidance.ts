import { join } from "node:path";
import { type LocalServer, modelsJsonFor } from "./local-server-discovery.js";

/**
 * The few lines `pi` prints when no model is usable (then it exits 1). `failures` are stored
 * credentials that did not resolve (a sign-in that cannot be refreshed): they come first, since
 * "no provider has a credential" would be wrong then.
 */
export function noModelGuidance(
	agentDir: string,
	servers: readonly LocalServer[],
	failures: readonly string[] = [],
): string {
	const modelsJson = join(agentDir, "models.json");
	const lines = [
		...(failures.length > 0
			? ["pi: no model available: a stored credential cannot be used.", ...failures.map((reason) => `  ${reason}`)]
			: ["pi: no model available: no provider has a credential."]),
		"",
		"Use a hosted model: set its provider's key, e.g.",
		"  export ANTHROPIC_API_KEY=…    (Anthropic)",
		"  export OPENAI_API_KEY=…       (OpenAI)",
		"  export GEMINI_API_KEY=…       (Google)",
		"or store one: pi auth set anthropic   (the key is read from stdin or asked for, never from argv)",
		"Or sign in with a subscription (Claude Pro/Max, ChatGPT, GitHub Copilot): pi auth login anthropic|openai-codex|github-copilot",
		"",
	];
	if (servers.length === 0) {
		lines.push(
			`Use a local OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM): describe it in ${modelsJson}, e.g.`,
			'  {"providers":{"ollama":{"baseUrl":"http://localhost:11434/v1","api":"openai-completions","apiKey":"ollama","models":[{"id":"qwen2.5-coder:7b"}]}}}',
			"(no local server answered on 127.0.0.1 ports 11434, 1234, 8080, 8000)",
		);
	} else {
		// Every server and every model is offered: the user picks from the full list.
		for (const server of servers) {
			const models = server.models.length > 0 ? `: ${server.models.join(", ")}` : " (no models loaded)";
			lines.push(`Found ${server.name} at ${server.baseUrl} with ${server.models.length} model(s)${models}`);
		}
		const usable = servers.filter((server) => server.models.length > 0);
		if (usable.length > 0) {
			const example = `${usable[0]!.id}/${usable[0]!.models[0]!}`;
			lines.push(
				`To use ${usable.length > 1 ? "them" : "it"}, write this to ${modelsJson} and run pi again (add --model <provider>/<id> to pick one, e.g. --model ${example}):`,
				modelsJsonFor(usable),
			);
		}
	}
	return `${lines.join("\n")}\n`;
}

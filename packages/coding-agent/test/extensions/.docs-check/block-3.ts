import type { ExtensionAPI } from "@pi/coding-agent";

export default function houseRules(pi: ExtensionAPI): void {
	pi.on("input", (event) => {
		if (event.text.startsWith("!!")) return { action: "transform", text: event.text.slice(2).toUpperCase() };
		return { action: "continue" };
	});
	pi.on("before_agent_start", (event) => ({
		systemPrompt: `${event.systemPrompt}\n\nAlways answer in British English.`,
		message: { customType: "house-rules", content: "Tests live next to the code.", display: false },
	}));
}

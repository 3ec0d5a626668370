import type { AvailableCommand } from "@agentclientprotocol/sdk";
import type { AgentSession } from "../../core/agent-session/agent-session.js";

/**
 * The slash commands a prompt may start with, as the editor's command menu lists them:
 * extension commands, then `/skill:<name>`, then prompt templates (the resolution order of
 * extensions.md §10). Built-in TUI commands do not exist over ACP.
 */
export function availableCommands(session: AgentSession): AvailableCommand[] {
	const commands: AvailableCommand[] = [];
	const seen = new Set<string>();
	const add = (command: AvailableCommand): void => {
		if (seen.has(command.name)) return;
		seen.add(command.name);
		commands.push(command);
	};
	for (const command of session.extensionRunner.getCommands()) {
		add({ name: command.name, description: command.description ?? "Extension command", input: { hint: "arguments" } });
	}
	for (const skill of session.skills) {
		add({ name: `skill:${skill.name}`, description: skill.description, input: { hint: "task for the skill" } });
	}
	for (const template of session.promptTemplates) {
		add({ name: template.name, description: template.description, input: { hint: "arguments" } });
	}
	return commands;
}

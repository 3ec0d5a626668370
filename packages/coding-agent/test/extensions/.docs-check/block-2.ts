import type { ExtensionAPI } from "@pi/coding-agent";

export default function noForcePush(pi: ExtensionAPI): void {
	pi.on("tool_call", (event) => {
		if (event.toolName !== "bash") return undefined;
		const command = String(event.input.command ?? "");
		if (/git\s+push\s+.*--force\b/.test(command)) {
			return { block: true, reason: "Force pushes are not allowed here" };
		}
		// Rewrite in place: the tool receives the changed input.
		event.input.command = command.replace(/^npm /, "pnpm ");
		return undefined;
	});
}

// Permission gate (extensions.md §7): asks before dangerous bash commands, blocks when it cannot ask.
//   pi -e ./permission-gate.ts
import type { ExtensionAPI } from "@pi/coding-agent";

const DANGEROUS = [/\brm\s+(-rf?|--recursive)/i, /\bsudo\b/i, /\b(chmod|chown)\b.*777/i];

export default function permissionGate(pi: ExtensionAPI): void {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return undefined;
		const command = typeof event.input.command === "string" ? event.input.command : "";
		if (!DANGEROUS.some((pattern) => pattern.test(command))) return undefined;
		// Fail safe: without a UI (print, json) nobody can allow it.
		if (!ctx.hasUI) return { block: true, reason: "Dangerous command blocked (no UI for confirmation)" };
		const choice = await ctx.ui.select(`⚠️ Dangerous command:\n\n  ${command}\n\nAllow?`, ["Yes", "No"]);
		if (choice !== "Yes") return { block: true, reason: "Blocked by user" };
		return undefined;
	});
}

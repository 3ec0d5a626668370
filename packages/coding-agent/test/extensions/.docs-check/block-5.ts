import type { ExtensionAPI } from "@pi/coding-agent";

export default function confirmWrites(pi: ExtensionAPI): void {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "write") return undefined;
		if (!ctx.hasUI) return { block: true, reason: "Writing files needs confirmation (no UI)" };
		const ok = await ctx.ui.confirm("Write file?", String(event.input.path), { timeout: 30_000 });
		return ok ? undefined : { block: true, reason: "Blocked by user" };
	});
}

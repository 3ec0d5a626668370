import type { ExtensionAPI } from "@pi/coding-agent";

export default function trustMyRepos(pi: ExtensionAPI): void {
	pi.on("project_trust", (event) => {
		if (event.cwd.startsWith("/home/me/work/")) return { trusted: "yes", remember: true };
		return { trusted: "undecided" };
	});
}

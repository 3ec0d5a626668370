// A virtual model: `router/auto` sends short prompts to one model and long ones to another,
// keeps follow-up requests of a turn on the model that started it, and counts its routes in
// router state. Set PI_ROUTER_SMALL / PI_ROUTER_LARGE to "provider/model" (both default to the
// `defaultProvider`/`defaultModel` of the settings).
//   pi -e ./cheap-router.ts --model router/auto
import type { Model } from "@pi/ai";
import type { ExtensionAPI } from "@pi/coding-agent";

interface RouterState {
	routed: number;
}

function find(
	spec: string | undefined,
	fallback: Model | undefined,
	lookup: (p: string, id: string) => Model | undefined,
) {
	if (!spec) return fallback;
	const slash = spec.indexOf("/");
	return slash > 0 ? (lookup(spec.slice(0, slash), spec.slice(slash + 1)) ?? fallback) : fallback;
}

export default function cheapRouter(pi: ExtensionAPI): void {
	pi.registerVirtualModel<RouterState>({
		provider: "router",
		id: "auto",
		name: "Auto (by prompt length)",
		thinkingLevels: ["off"],
		route(request, ctx) {
			const lookup = (provider: string, id: string) => ctx.modelRegistry.find(provider, id);
			const settings = pi.getSettings();
			const fallback =
				settings.defaultProvider && settings.defaultModel
					? lookup(settings.defaultProvider, settings.defaultModel)
					: undefined;
			const state = { routed: (request.state?.routed ?? 0) + 1 };
			if (request.reason !== "user" && request.previous) return { ...request.previous, thinkingLevel: "off", state };
			const last = request.messages[request.messages.length - 1];
			const text = last && last.role === "user" ? JSON.stringify(last.content) : "";
			const model =
				text.length > 400
					? find(process.env.PI_ROUTER_LARGE, fallback, lookup)
					: find(process.env.PI_ROUTER_SMALL, fallback, lookup);
			if (!model) throw new Error("no physical model to route to: set PI_ROUTER_SMALL / PI_ROUTER_LARGE");
			return { model, thinkingLevel: "off", state };
		},
	});
}

import type { Agent } from "node:http";
import { commonJsExports } from "../../utils/commonjs-exports.js";

/** Agents that tunnel through a proxy: one for http: targets, one for https: targets. */
export interface ProxyAgents {
	http: Agent;
	https: Agent;
}

/** True when `NO_PROXY` (comma-separated hosts, `.suffix`, `*`, optional `:port`) covers the URL. */
export function isNoProxy(target: URL, noProxy: string | undefined): boolean {
	if (!noProxy) return false;
	const host = target.hostname.toLowerCase();
	const port = target.port || (target.protocol === "https:" ? "443" : "80");
	return noProxy
		.split(/[\s,]+/)
		.filter(Boolean)
		.some((entry) => {
			if (entry === "*") return true;
			const [name = "", entryPort] = entry.toLowerCase().split(":");
			if (entryPort && entryPort !== port) return false;
			const bare = name.replace(/^\*?\./, "");
			return host === bare || host.endsWith(`.${bare}`);
		});
}

/**
 * The proxy URL for a request to `target`: `HTTPS_PROXY` (https targets) or `HTTP_PROXY` (either
 * case; `ALL_PROXY` as a fallback), unless `NO_PROXY` covers the host. The `httpProxy` setting
 * reaches here as `HTTPS_PROXY`/`HTTP_PROXY` set by the application at start-up.
 */
export function proxyUrlFor(target: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
	let url: URL;
	try {
		url = new URL(target);
	} catch {
		return undefined;
	}
	if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
	if (isNoProxy(url, env.NO_PROXY ?? env.no_proxy)) return undefined;
	const proxy =
		url.protocol === "https:"
			? (env.HTTPS_PROXY ?? env.https_proxy ?? env.HTTP_PROXY ?? env.http_proxy)
			: (env.HTTP_PROXY ?? env.http_proxy);
	return proxy || env.ALL_PROXY || env.all_proxy || undefined;
}

const agentCache = new Map<string, ProxyAgents>();

/** Proxy agents for `target` (the proxy packages load only when a proxy applies), or undefined. */
export async function proxyAgentsFor(
	target: string,
	env: Readonly<Record<string, string | undefined>>,
): Promise<ProxyAgents | undefined> {
	const proxy = proxyUrlFor(target, env);
	if (!proxy) return undefined;
	const cached = agentCache.get(proxy);
	if (cached) return cached;
	const [httpModule, httpsModule] = await Promise.all([import("http-proxy-agent"), import("https-proxy-agent")]);
	const { HttpProxyAgent } = commonJsExports(httpModule, "HttpProxyAgent");
	const { HttpsProxyAgent } = commonJsExports(httpsModule, "HttpsProxyAgent");
	const agents = { http: new HttpProxyAgent(proxy), https: new HttpsProxyAgent(proxy) };
	agentCache.set(proxy, agents);
	return agents;
}

/**
 * Applies the `httpProxy` setting: sets `HTTPS_PROXY` and `HTTP_PROXY` to `url` unless the
 * environment already names a proxy (the environment wins, as for every other setting it
 * overrides). Every provider then reaches its API through it, `NO_PROXY` hosts excepted.
 */
export function applyHttpProxySetting(url: string | undefined, env: NodeJS.ProcessEnv = process.env): void {
	if (!url) return;
	if (env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy) return;
	env.HTTPS_PROXY = url;
	env.HTTP_PROXY = url;
}

import type { Model } from "../types.js";
import type { RefreshedCatalogue } from "./catalogue-override.js";
import { CATALOGUE_PROVIDERS } from "./generated/index.js";

/** The published package whose model data the catalogue is generated from. */
export const CATALOGUE_SOURCE_PACKAGE = "@earendil-works/pi-ai";

/** The model fields pi keeps (the same as scripts/generate-catalogue.mjs). */
function pickModel(raw: Record<string, unknown>): Omit<Model, "provider"> | undefined {
	if (raw.type !== undefined && raw.type !== "chat") return undefined;
	if (typeof raw.id !== "string" || typeof raw.api !== "string") return undefined;
	const model: Record<string, unknown> = {
		id: raw.id,
		name: typeof raw.name === "string" ? raw.name : raw.id,
		api: raw.api,
		baseUrl: typeof raw.baseUrl === "string" ? raw.baseUrl : "",
		reasoning: raw.reasoning === true,
		input: Array.isArray(raw.input) ? raw.input : ["text"],
		cost: raw.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: typeof raw.contextWindow === "number" ? raw.contextWindow : 128_000,
		maxTokens: typeof raw.maxTokens === "number" ? raw.maxTokens : 16_384,
	};
	for (const key of ["headers", "compat", "thinkingLevelMap", "promptCache"]) if (raw[key]) model[key] = raw[key];
	return model as Omit<Model, "provider">;
}

/** Files of a tar archive (ustar; regular files only), by path. */
export function readTar(archive: Uint8Array): Map<string, Buffer> {
	const bytes = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
	const files = new Map<string, Buffer>();
	let offset = 0;
	while (offset + 512 <= bytes.length) {
		const header = bytes.subarray(offset, offset + 512);
		const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
		if (name === "") break;
		const prefix = header.subarray(345, 500).toString("utf8").replace(/\0.*$/s, "");
		const size = Number.parseInt(header.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
		const type = String.fromCharCode(header[156] ?? 48);
		if (type === "0" || type === "\0") {
			files.set(prefix ? `${prefix}/${name}` : name, bytes.subarray(offset + 512, offset + 512 + size));
		}
		offset += 512 + Math.ceil(size / 512) * 512;
	}
	return files;
}

/** The catalogue in a published package tarball (`package/dist/providers/data/<provider>.json`). */
export function catalogueFromTarball(tarball: Uint8Array, source: string): RefreshedCatalogue {
	const providers: Record<string, Omit<Model, "provider">[]> = {};
	// zlib is loaded here, by `pi update --models`, not by every start-up that imports this module.
	const { gunzipSync } = process.getBuiltinModule("node:zlib");
	for (const [path, content] of readTar(gunzipSync(tarball))) {
		const match = /^package\/dist\/providers\/data\/([^/]+)\.json$/.exec(path);
		const providerId = match?.[1];
		if (!providerId || !Object.hasOwn(CATALOGUE_PROVIDERS, providerId)) continue;
		const data = JSON.parse(content.toString("utf8")) as Record<string, Record<string, Record<string, unknown>>>;
		const models = Object.values(data)
			.flatMap((byKey) => Object.values(byKey))
			.flatMap((raw) => pickModel(raw) ?? []);
		models.sort((a, b) => a.id.localeCompare(b.id));
		providers[providerId] = models;
	}
	if (Object.keys(providers).length === 0) throw new Error(`${source} holds no model data`);
	return { source, fetchedAt: new Date().toISOString(), providers };
}

/**
 * Downloads the newest published model facts from the npm registry (`registry`, default
 * https://registry.npmjs.org) and returns them as a catalogue. Throws with the URL and status on a
 * failed request. Only run when the user asks (`pi update --models`), never at start-up.
 */
export async function fetchModelCatalogue(
	options: { registry?: string; signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<RefreshedCatalogue> {
	const registry = (options.registry ?? "https://registry.npmjs.org").replace(/\/+$/, "");
	const get = options.fetch ?? fetch;
	const metadataUrl = `${registry}/${CATALOGUE_SOURCE_PACKAGE.replace("/", "%2f")}/latest`;
	const metadata = await get(metadataUrl, { signal: options.signal });
	if (!metadata.ok) throw new Error(`GET ${metadataUrl}: ${metadata.status} ${metadata.statusText}`);
	const manifest = (await metadata.json()) as { version?: string; dist?: { tarball?: string } };
	const tarballUrl = manifest.dist?.tarball;
	if (!tarballUrl) throw new Error(`GET ${metadataUrl}: no dist.tarball in the answer`);
	const tarball = await get(tarballUrl, { signal: options.signal });
	if (!tarball.ok) throw new Error(`GET ${tarballUrl}: ${tarball.status} ${tarball.statusText}`);
	return catalogueFromTarball(
		new Uint8Array(await tarball.arrayBuffer()),
		`${CATALOGUE_SOURCE_PACKAGE}@${manifest.version ?? "latest"}`,
	);
}

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { builtinProviders } from "../../src/models/builtin-providers.js";
import { setCatalogueOverride } from "../../src/models/catalogue-override.js";
import { fetchModelCatalogue, readTar } from "../../src/models/catalogue-refresh.js";

/** A one-file-per-entry ustar archive, as `npm pack` writes them. */
function tar(files: Record<string, string>): Buffer {
	const blocks: Buffer[] = [];
	for (const [name, text] of Object.entries(files)) {
		const content = Buffer.from(text, "utf8");
		const header = Buffer.alloc(512);
		header.write(name, 0, "utf8");
		header.write("0000644\0", 100);
		header.write(`${content.length.toString(8).padStart(11, "0")}\0`, 124);
		header.write("0", 156);
		header.write("ustar\0", 257);
		blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
	}
	return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

const DEEPSEEK = {
	"openai-completions": {
		"chat:deepseek-next": {
			id: "deepseek-next",
			name: "DeepSeek Next",
			api: "openai-completions",
			baseUrl: "https://api.deepseek.com",
			reasoning: true,
			input: ["text"],
			cost: { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 0 },
			contextWindow: 2_000_000,
			maxTokens: 100_000,
			type: "chat",
		},
		"image:drawer": { id: "drawer", api: "openai-completions", type: "image" },
	},
};

afterEach(() => setCatalogueOverride(undefined));

describe("catalogue refresh", () => {
	it("reads the published model data from the registry and replaces that provider's models", async () => {
		const tarball = gzipSync(
			tar({
				"package/package.json": "{}",
				"package/dist/providers/data/deepseek.json": JSON.stringify(DEEPSEEK),
				"package/dist/providers/data/not-a-provider.json": "{}",
			}),
		);
		const requested: string[] = [];
		const server = createServer((request, response) => {
			requested.push(request.url ?? "");
			const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			if (request.url?.endsWith("/latest")) {
				response.end(JSON.stringify({ version: "9.9.9", dist: { tarball: `${base}/pi-ai-9.9.9.tgz` } }));
			} else response.end(tarball);
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		try {
			const registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			const catalogue = await fetchModelCatalogue({ registry });
			expect(requested).toEqual(["/@earendil-works%2fpi-ai/latest", "/pi-ai-9.9.9.tgz"]);
			expect(catalogue.source).toBe("@earendil-works/pi-ai@9.9.9");
			expect(Object.keys(catalogue.providers)).toEqual(["deepseek"]);
			expect(catalogue.providers.deepseek?.map((model) => model.id)).toEqual(["deepseek-next"]);

			setCatalogueOverride(catalogue);
			const providers = builtinProviders();
			const deepseek = providers.find((provider) => provider.id === "deepseek")!;
			expect(deepseek.models.map((model) => model.id)).toEqual(["deepseek-next"]);
			expect(deepseek.models[0]).toMatchObject({ provider: "deepseek", contextWindow: 2_000_000 });
			// Providers the refresh did not cover keep the built-in catalogue.
			expect(providers.find((provider) => provider.id === "groq")!.models.length).toBeGreaterThan(0);
		} finally {
			server.close();
		}
	});

	it("reports the URL and status of a failed request", async () => {
		const server = createServer((_request, response) => {
			response.statusCode = 404;
			response.end("{}");
		});
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		try {
			const registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			await expect(fetchModelCatalogue({ registry })).rejects.toThrow(/latest: 404/);
		} finally {
			server.close();
		}
	});

	it("reads tar entries with a ustar prefix", () => {
		const archive = tar({ "package/a.txt": "hello" });
		expect(readTar(archive).get("package/a.txt")?.toString()).toBe("hello");
	});
});

// The request path with a stored OAuth credential: a token near its expiry is refreshed before the
// request, a 401 triggers one refresh and one retry, and concurrent requests refresh once.
import { describe, expect, it } from "vitest";
import { createInMemoryCredentialStore, type OAuthCredential } from "../../src/credential-store.js";
import { AssistantMessageEventStream } from "../../src/event-stream.js";
import { createModels } from "../../src/models-collection.js";
import { createProvider, type OAuthAuth } from "../../src/provider.js";
import { AssistantMessageBuilder } from "../../src/providers/shared/assistant-message-builder.js";
import type { Model, SimpleStreamOptions } from "../../src/types.js";

function setup(initial: OAuthCredential, validTokens: Set<string>) {
	const sentKeys: string[] = [];
	let refreshes = 0;
	const oauth: OAuthAuth = {
		name: "Test OAuth",
		refresh: async (credential) => {
			refreshes++;
			await new Promise((resolve) => setTimeout(resolve, 5));
			const access = `access-${refreshes}`;
			validTokens.add(access);
			return { ...credential, access, expires: Date.now() + 3_600_000 };
		},
		toAuth: (credential) => ({ apiKey: credential.access }),
	};
	const respond = (model: Model, _context: unknown, options?: SimpleStreamOptions) => {
		const stream = new AssistantMessageEventStream();
		const builder = new AssistantMessageBuilder(model, stream);
		sentKeys.push(options?.apiKey ?? "");
		builder.start();
		if (!validTokens.has(options?.apiKey ?? "")) builder.fail("401 Unauthorized: token revoked", false);
		else {
			builder.text("t", "hello");
			builder.finish("stop");
		}
		return stream;
	};
	const provider = createProvider({
		id: "sub",
		baseUrl: "http://127.0.0.1:1",
		auth: { oauth },
		api: { stream: respond, streamSimple: respond },
		models: [
			{
				id: "m",
				name: "m",
				api: "test-api",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 1000,
				maxTokens: 100,
			},
		],
	});
	const credentials = createInMemoryCredentialStore({ sub: initial });
	const models = createModels({ credentials });
	models.setProvider(provider);
	return { models, model: provider.models[0]!, sentKeys, credentials, refreshes: () => refreshes };
}

const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 0 }] };

describe("OAuth credentials on the request path", () => {
	it("refreshes a token that expires within the margin before sending", async () => {
		const valid = new Set<string>(["old"]);
		const t = setup({ type: "oauth", access: "old", refresh: "r", expires: Date.now() + 10_000 }, valid);
		const reply = await t.models.completeSimple(t.model, context);
		expect(reply.stopReason).toBe("stop");
		expect(t.sentKeys).toEqual(["access-1"]);
		expect(((await t.credentials.read("sub")) as OAuthCredential).access).toBe("access-1");
	});

	it("after a 401 refreshes once and retries; the reply carries no trace of the first attempt", async () => {
		const valid = new Set<string>();
		const t = setup({ type: "oauth", access: "revoked-early", refresh: "r", expires: Date.now() + 3_600_000 }, valid);
		const events: string[] = [];
		const stream = t.models.streamSimple(t.model, context);
		for await (const event of stream) events.push(event.type);
		expect((await stream.result()).stopReason).toBe("stop");
		expect(t.sentKeys).toEqual(["revoked-early", "access-1"]);
		expect(events.filter((type) => type === "start")).toHaveLength(1);
		expect(events).not.toContain("error");
	});

	it("concurrent requests with an expired token refresh once", async () => {
		const t = setup({ type: "oauth", access: "old", refresh: "r", expires: Date.now() - 1 }, new Set());
		const replies = await Promise.all([1, 2, 3].map(() => t.models.completeSimple(t.model, context)));
		expect(replies.map((reply) => reply.stopReason)).toEqual(["stop", "stop", "stop"]);
		expect(t.refreshes()).toBe(1);
	});
});

import { describe, expect, it } from "vitest";
import { type CredentialStore, createInMemoryCredentialStore } from "../../src/credential-store.js";
import { createModels } from "../../src/models-collection.js";
import { fauxProvider } from "../../src/providers/faux.js";
import type { Context } from "../../src/types.js";
import { createDispatchOrder } from "../../src/utils/dispatch-order.js";

const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

/** Lets pending promise callbacks run. */
async function settle(): Promise<void> {
	for (let tick = 0; tick < 20; tick++) await Promise.resolve();
}

describe("createDispatchOrder", () => {
	it("lets a turn go only after every earlier turn of the same key left", async () => {
		const order = createDispatchOrder();
		const first = order.enter("p");
		const second = order.enter("p");
		const other = order.enter("q");
		const went: string[] = [];
		void second.wait().then(() => went.push("second"));
		void other.wait().then(() => went.push("other"));
		await settle();
		expect(went).toEqual(["other"]);
		expect(await first.wait()).toBe(true);
		first.leave();
		await settle();
		expect(went).toEqual(["other", "second"]);
	});

	it("stops waiting on abort, without letting later turns overtake the earlier ones", async () => {
		const order = createDispatchOrder();
		const first = order.enter("p");
		const aborted = order.enter("p");
		const third = order.enter("p");
		const controller = new AbortController();
		const abortedWait = aborted.wait(controller.signal);
		let thirdWent = false;
		void third.wait().then(() => {
			thirdWent = true;
		});
		controller.abort();
		expect(await abortedWait).toBe(false);
		aborted.leave();
		await settle();
		expect(thirdWent).toBe(false);
		first.leave();
		await settle();
		expect(thirdWent).toBe(true);
	});
});

describe("Models dispatch order", () => {
	/** A store whose reads wait until `release` is called. */
	function gatedStore(): { store: CredentialStore; release: () => void } {
		const inner = createInMemoryCredentialStore();
		let release!: () => void;
		const gate = new Promise<void>((resolve) => {
			release = resolve;
		});
		return { store: { ...inner, read: async (id) => gate.then(() => inner.read(id)) }, release };
	}

	it("hands faux replies out in request-start order whatever each request's auth took (ai.md §10)", async () => {
		const faux = fauxProvider();
		const { store, release } = gatedStore();
		const models = createModels({ credentials: store });
		models.setProvider(faux.provider);
		faux.setResponses(["first", "second", "third"]);

		const slow = models.complete(faux.getModel(), context); // reads the store
		const fast = models.complete(faux.getModel(), context, { apiKey: "explicit" }); // needs no read
		await settle();
		expect(faux.state.callCount).toBe(0);
		release();
		const later = models.complete(faux.getModel(), context);

		const texts = (await Promise.all([slow, fast, later])).map((message) => message.content[0]);
		expect(texts).toEqual([
			{ type: "text", text: "first" },
			{ type: "text", text: "second" },
			{ type: "text", text: "third" },
		]);
	});

	it("ends a request aborted while it waits for its turn at once, without consuming a reply", async () => {
		const faux = fauxProvider();
		const { store, release } = gatedStore();
		const models = createModels({ credentials: store });
		models.setProvider(faux.provider);
		faux.setResponses(["first", "second"]);

		const slow = models.complete(faux.getModel(), context);
		const controller = new AbortController();
		const waiting = models.complete(faux.getModel(), context, { apiKey: "k", signal: controller.signal });
		await settle();
		controller.abort();
		expect(await waiting).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(faux.getPendingResponseCount()).toBe(2);

		release();
		expect((await slow).content[0]).toEqual({ type: "text", text: "first" });
		expect(faux.getPendingResponseCount()).toBe(1);
	});
});

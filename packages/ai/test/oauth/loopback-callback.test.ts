import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackCallback, startLoopbackCallback } from "../../src/oauth/loopback-callback.js";

const open: LoopbackCallback[] = [];
afterEach(() => {
	for (const callback of open.splice(0)) callback.close();
	delete process.env.PI_OAUTH_CALLBACK_HOST;
});

const options = { providerName: "Vendor", path: "/callback", redirectHost: "localhost" as const, state: "s1" };

describe("loopback callback", () => {
	it("listens where PI_OAUTH_CALLBACK_HOST says (a container publishing the port), keeping the redirect host", async () => {
		process.env.PI_OAUTH_CALLBACK_HOST = "0.0.0.0";
		const callback = await startLoopbackCallback({ ...options, port: 0 });
		open.push(callback);
		const port = new URL(callback.redirectUri).port;
		expect(callback.redirectUri).toBe(`http://localhost:${port}/callback`);
		const taken = await startLoopbackCallback({ ...options, port: Number(port) }).catch((error: unknown) => error);
		expect(taken).toMatchObject({ code: "port_in_use", message: expect.stringContaining(`port ${port} on 0.0.0.0`) });
		const foreign = await fetch(`http://127.0.0.1:${port}/callback?code=c&state=other`);
		expect(foreign.status).toBe(400);
		const answer = await fetch(`http://127.0.0.1:${port}/callback?code=c&state=s1`);
		expect(answer.status).toBe(200);
		expect(await callback.result).toMatchObject({ code: "c", params: { code: "c", state: "s1" } });
	});
});

import { OAUTH_PROVIDERS } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { ACP_SIGN_IN_PROVIDERS } from "../../../src/modes/acp/acp-initialize.js";

describe("ACP sign-in methods", () => {
	it("name exactly @pi/ai's subscription sign-ins (the list is restated to keep initialize light)", () => {
		expect(ACP_SIGN_IN_PROVIDERS).toEqual(OAUTH_PROVIDERS.map(({ id, name, methods }) => ({ id, name, methods })));
	});
});

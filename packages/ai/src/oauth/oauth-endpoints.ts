/**
 * TEST-ONLY overrides, documented as such in packages/coding-agent/docs/sign-in.md: `PI_OAUTH_TEST_ORIGIN`
 * (e.g. `http://127.0.0.1:4567`) replaces the scheme and host of every vendor authorization and
 * token URL, so the end-to-end tests can run each flow against a loopback authorization server;
 * `PI_OAUTH_TEST_CALLBACK_PORT` replaces the vendor's fixed loopback callback port. Never set them
 * in normal use: a sign-in would then talk to that server.
 */
export function oauthUrl(url: string): string {
	const origin = process.env.PI_OAUTH_TEST_ORIGIN;
	if (!origin) return url;
	const parsed = new URL(url);
	const target = new URL(origin);
	parsed.protocol = target.protocol;
	parsed.host = target.host;
	return parsed.toString();
}

/** The loopback callback port: the vendor's, unless the test-only override is set. */
export function callbackPort(vendorPort: number): number {
	const override = process.env.PI_OAUTH_TEST_CALLBACK_PORT;
	return override ? Number(override) : vendorPort;
}

/**
 * The address the loopback callback listens on: 127.0.0.1, or `PI_OAUTH_CALLBACK_HOST` (pi 1.4's
 * variable), e.g. `0.0.0.0` in a container whose callback port is published to the host browser.
 */
export function callbackListenHost(): string {
	return process.env.PI_OAUTH_CALLBACK_HOST?.trim() || "127.0.0.1";
}

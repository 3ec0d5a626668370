import { standardDeviceOAuth } from "./standard-device-flow.js";

// Facts of xAI's public device-flow client (Grok / X subscriptions).
export const xaiOAuth = standardDeviceOAuth({
	providerId: "xai",
	name: "xAI (Grok subscription)",
	clientId: "b1a00492-073a-47ea-816f-4c329264a828",
	scope: "openid profile email offline_access grok-cli:access api:access",
	deviceCodeUrl: "https://auth.x.ai/oauth2/device/code",
	tokenUrl: "https://auth.x.ai/oauth2/token",
});

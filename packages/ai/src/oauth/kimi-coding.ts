import { standardDeviceOAuth } from "./standard-device-flow.js";

// Facts of Kimi Code's public device-flow client (Kimi subscriptions).
export const kimiCodingOAuth = standardDeviceOAuth({
	providerId: "kimi-coding",
	name: "Kimi Code (subscription)",
	clientId: "17e5f671-d194-4dfb-9706-5516cb48c098",
	deviceCodeUrl: "https://auth.kimi.com/api/oauth/device_authorization",
	tokenUrl: "https://auth.kimi.com/api/oauth/token",
});

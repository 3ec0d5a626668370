// Shared helpers of the e2e tests: spawn the built `pi` in a temp HOME / agent dir against
// @pi/llm-mock. See README.md next to this file.
export {
	MOCK_API_KEY,
	MOCK_MODEL,
	MOCK_PROVIDER,
	type MockLlm,
	type MockResponse,
	type MockWireApi,
	startMock,
	useMockProvider,
} from "./mock-provider.js";
export { createPiTestEnv, type PiTestEnv } from "./pi-env.js";
export {
	PI_CLI,
	type PiProcess,
	type PiResult,
	parseJsonLines,
	runPi,
	type SpawnPiOptions,
	spawnPi,
} from "./spawn-pi.js";

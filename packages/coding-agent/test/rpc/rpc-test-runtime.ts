import { type FauxProviderHandle, fauxProvider } from "@pi/ai";
import { afterEach, expect } from "vitest";
import {
	type AgentSessionRuntime,
	type CreateAgentSessionRuntimeFactory,
	createAgentSessionRuntime,
} from "../../src/core/agent-session/agent-session-runtime.js";
import { SettingsManager } from "../../src/core/config/settings-manager.js";
import type { ExtensionFactory } from "../../src/core/extensions/extension-api.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { createAgentSessionFromServices, createAgentSessionServices } from "../../src/core/sdk.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { RpcServer } from "../../src/modes/rpc/rpc-server.js";
import type { RpcOutputRecord } from "../../src/modes/rpc/rpc-types.js";
import { schemaErrors } from "./rpc-schema-validator.js";

/** An RPC server over a faux-provider runtime, with every output record kept and schema-checked. */
export interface RpcHarness {
	server: RpcServer;
	runtime: AgentSessionRuntime;
	faux: FauxProviderHandle;
	records: Record<string, unknown>[];
	schemaFailures: string[];
	/** Sends one command line (validated against the input schema when `valid`). */
	send(record: Record<string, unknown>): Promise<void>;
	/** The response with this id (after `send` resolved). */
	response(id: string): Record<string, unknown>;
	waitFor(predicate: (record: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

export async function createRpcHarness(
	cwd: string,
	agentDir: string,
	options: { extensionFactories?: readonly ExtensionFactory[] } = {},
): Promise<RpcHarness> {
	const faux = fauxProvider();
	const modelRuntime = ModelRuntime.inMemory();
	modelRuntime.setProvider(faux.provider);
	const factory: CreateAgentSessionRuntimeFactory = async ({
		cwd: targetCwd,
		agentDir: dir,
		sessionManager,
		sessionStartEvent,
	}) => {
		const services = await createAgentSessionServices({
			cwd: targetCwd,
			agentDir: dir,
			modelRuntime,
			settingsManager: SettingsManager.inMemory({ retry: { baseDelayMs: 0 } }),
			projectTrusted: false,
			...(options.extensionFactories ? { extensionFactories: options.extensionFactories } : {}),
		});
		const created = await createAgentSessionFromServices({
			services,
			sessionManager,
			...(sessionStartEvent ? { sessionStartEvent } : {}),
			model: faux.getModel(),
			tools: [],
		});
		return { ...created, services, diagnostics: services.diagnostics };
	};
	const runtime = await createAgentSessionRuntime(factory, {
		cwd,
		agentDir,
		sessionManager: SessionManager.create(cwd, `${agentDir}/sessions`),
	});
	const records: Record<string, unknown>[] = [];
	const schemaFailures: string[] = [];
	const waiters: {
		predicate: (record: Record<string, unknown>) => boolean;
		resolve: (r: Record<string, unknown>) => void;
	}[] = [];
	const server = new RpcServer({
		runtime,
		output: (record: RpcOutputRecord) => {
			// Through JSON, as on the wire: undefined keys vanish.
			const wire = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
			const errors = schemaErrors("RpcOutputRecord", wire);
			if (errors) schemaFailures.push(`${JSON.stringify(wire).slice(0, 200)} → ${errors}`);
			records.push(wire);
			for (const waiter of [...waiters]) {
				if (waiter.predicate(wire)) {
					waiters.splice(waiters.indexOf(waiter), 1);
					waiter.resolve(wire);
				}
			}
		},
		waitForOutput: async () => undefined,
	});
	await server.bind();
	return {
		server,
		runtime,
		faux,
		records,
		schemaFailures,
		send: (record) => server.handleLine(JSON.stringify(record)),
		response: (id) => {
			const found = records.find((record) => record.type === "response" && record.id === id);
			if (!found) throw new Error(`no response ${id}`);
			return found;
		},
		waitFor: (predicate) => {
			const seen = records.find(predicate);
			if (seen) return Promise.resolve(seen);
			return new Promise((resolve) => waiters.push({ predicate, resolve }));
		},
	};
}

/**
 * A harness maker for one test file: each test's harness (one at a time) is checked for schema
 * failures and disposed in afterEach. Directories come from `tempDir` (cleaned by its owner).
 */
export function useRpcHarness(
	tempDir: () => string,
): (options?: { extensionFactories?: readonly ExtensionFactory[] }) => Promise<RpcHarness> {
	let current: RpcHarness | undefined;
	afterEach(async () => {
		if (!current) return;
		const harness = current;
		current = undefined;
		expect(harness.schemaFailures).toEqual([]);
		harness.server.unbind();
		await harness.runtime.dispose();
	});
	return async (options) => {
		current = await createRpcHarness(tempDir(), tempDir(), options);
		return current;
	};
}

export { DEFAULT_SEARCH_LIMIT, type RankableTool, rankTools, searchText, tokenize } from "./bm25.js";
export { createCodemodeExtension } from "./codemode-extension.js";
export {
	type CodemodeToolOptions,
	codemodeSettings,
	createCodemodeTool,
	prepareCodemodeLoadout,
	scriptReach,
} from "./codemode-tool.js";
export { resultTypeOf, toolDeclaration, typeOf } from "./declarations.js";
export {
	buildCodemodeDescription,
	CODEMODE_INTRO,
	type CodemodeMode,
	type DescriptionOptions,
	estimateTokens,
	fitToBudget,
} from "./description.js";
export { CODEMODE_TOOL_NAME, toCodemodeIdentifier } from "./identifier.js";
export { parseScriptOptions, type ScriptOptions } from "./options-line.js";
export { type CodemodeDetails, formatScriptResult, type NestedCallRecord, type ScriptReport } from "./result-format.js";
export type { OutputItem, StoreChanges } from "./sandbox/protocol.js";
export {
	DEFAULT_MEMORY_LIMIT,
	type RunScriptOptions,
	runScript,
	type ScriptHost,
	type ScriptOutcome,
} from "./sandbox/run-script.js";
export { maxWorkers, sharedWorkerPool, WorkerPool } from "./sandbox/worker-pool.js";
export { STORE_ENTRY_TYPE, storeAlongBranch } from "./store.js";
export {
	createToolSearchExtension,
	createToolSearchTool,
	loadedAlongBranch,
	TOOL_SEARCH_ENTRY_TYPE,
	TOOL_SEARCH_TOOL_NAME,
} from "./tool-search.js";

// The public API of @pi/coding-agent: the SDK (sdk.md), sessions, configuration, tools and the
// pieces extensions and hosts build on. Everything else is internal.

export {
	ABORTED_BEFORE_START_MESSAGE,
	AgentSession,
	type AgentSessionConfig,
	ALREADY_PROCESSING_MESSAGE,
	type ExtensionBindings,
	type PromptOptions,
	type RunPhase,
	type RunPhaseName,
	type ScopedModel,
} from "./core/agent-session/agent-session.js";
export type {
	AgentSessionEvent,
	AgentSessionListener,
	CompactionReason,
	CompactionResult,
	PromptDisposition,
	QueuedInputDisposition,
} from "./core/agent-session/agent-session-events.js";
export {
	AgentSessionRuntime,
	type AgentSessionRuntimeOptions,
	type CreateAgentSessionRuntimeFactory,
	type CreateAgentSessionRuntimeInput,
	type CreateAgentSessionRuntimeResult,
	createAgentSessionRuntime,
	SessionReplacementError,
	type WithSession,
} from "./core/agent-session/agent-session-runtime.js";
export type {
	CacheWarmer,
	CacheWarmingDecider,
	CacheWarmingDecision,
	CacheWarmingStatus,
} from "./core/agent-session/cache-warmer.js";
export type { BashResult } from "./core/agent-session/session-bash.js";
export { CompactionCancelledError } from "./core/agent-session/session-compactor.js";
export type { ContextUsage, SessionStats } from "./core/agent-session/session-stats.js";
export type { NavigateTreeOptions } from "./core/agent-session/session-tree-navigation.js";
export { isTransientError } from "./core/agent-session/transient-errors.js";
export { NothingToCompactError } from "./core/compaction/prepare-compaction.js";
export { serializeConversation } from "./core/compaction/serialize-conversation.js";
export { estimateContextTokens, estimateTokens } from "./core/compaction/token-estimate.js";
export {
	type ApiKeyCredential,
	type AuthFile,
	AuthStorage,
	InMemoryAuthStorage,
	type OAuthCredential,
	type StoredCredential,
} from "./core/config/auth-storage.js";
export { resolveConfigValue } from "./core/config/config-value.js";
export { type SettingsDiagnostic, SettingsManager, SettingsWriteError } from "./core/config/settings-manager.js";
export type { CompactionSettings, QueueMode, RetrySettings, Settings } from "./core/config/settings-types.js";
export {
	ExportHtmlError,
	type ExportHtmlOptions,
	exportSessionToHtml,
} from "./core/export-html/export-session-html.js";
export type {
	AgentActivityOutcome,
	AgentBeforeSettleEvent,
	AgentBeforeSettleResult,
	AgentBeforeSettleResult as AgentBeforeSettleEventResult,
	BoundaryContextPreview,
	BoundaryResult,
	BoundaryState,
	CompactionEntryDraft,
	ContextEditEntryDraft,
	CustomEntryDraft,
	CustomMessageEntryDraft,
	SessionBoundaryDraft,
} from "./core/extensions/boundary-events.js";
export {
	createBashToolDefinition,
	createEditToolDefinition,
	createFindToolDefinition,
	createGrepToolDefinition,
	createLsToolDefinition,
	createPowerShellToolDefinition,
	createReadToolDefinition,
	createWriteToolDefinition,
	defineTool,
	toolDefinitionOf,
} from "./core/extensions/define-tool.js";
export type {
	CommandCompletion,
	ExecResult,
	ExecutedToolResult,
	ExecuteToolOptions,
	ExtensionAPI,
	ExtensionCommandContext,
	ExtensionContext,
	ExtensionEventBus,
	ExtensionFactory,
	ExtensionHandler,
	ExtensionHandlers,
	ExtensionToolDefinition,
	ExtensionToolResult,
	HandlerReturn,
	InlineExtension,
	RegisteredCommandOptions,
	RegisteredFlagOptions,
	RegisteredShortcutOptions,
	SendMessageOptions,
	SlashCommandInfo,
	ToolAnnotations,
	ToolExposure,
	ToolInfo,
	ToolLoadout,
	ToolLoadoutChanges,
	ToolNamespace,
} from "./core/extensions/extension-api.js";
export type {
	CommandContextActions,
	CommandNavigateTreeOptions,
	CommandNewSessionOptions,
	ExtensionErrorReport,
	ExtensionMode,
} from "./core/extensions/extension-bindings.js";
export type {
	AfterProviderResponseEvent,
	AgentSettledEvent,
	BeforeAgentStartEvent,
	BeforeAgentStartResult,
	BeforeProviderHeadersEvent,
	BeforeProviderRequestEvent,
	CacheWarmingAction,
	CacheWarmingDecisionEvent,
	CacheWarmingDecisionResult,
	CacheWarmingDecisionResult as CacheWarmingDecisionEventResult,
	ContextEvent,
	ContextResult,
	ContextWithSystemEvent,
	ContextWithSystemMessage,
	ContextWithSystemResult,
	CustomMessageInput,
	ExtensionEventMap,
	ExtensionEventName,
	InputEvent,
	InputResult,
	McpServersChangeEvent,
	MessageEndResult,
	ModelSelectEvent,
	ProjectTrustEvent,
	ProjectTrustResult,
	ProviderStreamEvent,
	ResourcesDiscoverEvent,
	ResourcesDiscoverResult,
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionBeforeForkEvent,
	SessionBeforeSwitchEvent,
	SessionBeforeTreeEvent,
	SessionBeforeTreeResult,
	SessionCompactEvent,
	SessionShutdownEvent,
	SessionStartEventPayload,
	SessionTreeEvent,
	SystemPromptMessage,
	SystemPromptOptions as BuildSystemPromptOptions,
	ThinkingLevelSelectEvent,
	ToolCallEvent,
	ToolCallResult,
	ToolResultEvent,
	ToolResultPatch,
	UserBashEvent,
	UserBashOutcome,
	UserBashResult,
} from "./core/extensions/extension-events.js";
export type {
	EntryRenderer,
	EntryRenderOptions,
	MarkdownTransformContext,
	MarkdownTransformer,
	MessageRenderer,
	MessageRenderOptions,
	ToolRenderContext,
	ToolRendererResolver,
	ToolRenderers,
	ToolRenderResultOptions,
} from "./core/extensions/extension-renderers.js";
export { ExtensionRunner, StaleExtensionContextError } from "./core/extensions/extension-runner.js";
export type { SessionNotification } from "./core/extensions/extension-runner-seam.js";
export {
	type ExtensionCommand,
	type ExtensionRunnerSeam,
	type InputEventResult,
	type InputSource,
	noopExtensionRunner,
} from "./core/extensions/extension-runner-seam.js";
export {
	type CustomComponentFactory,
	type CustomComponentOptions,
	completeUIContext,
	type DialogOptions,
	type EditorComponentFactory,
	type ExtensionUIContext,
	type ModeUIContext,
	type NotifyType,
	noopUIContext,
	type TerminalInputListener,
	type UIComponentFactory,
	type WidgetContent,
	type WidgetOptions,
	type WidgetPlacement,
	type WorkingIndicator,
} from "./core/extensions/extension-ui-context.js";
export {
	formatReadLineRange,
	parseFrontmatter,
	stripFrontmatter,
	VERSION,
} from "./core/extensions/extension-utils.js";
export { withFifoDialogs } from "./core/extensions/fifo-dialogs.js";
export { formatExtensionErrorLine } from "./core/extensions/format-extension-error.js";
export {
	bundledHostPackagesWarning,
	findBundledHostPackages,
	HOST_PACKAGE_NAMES,
	type HostPackage,
	hostModuleSpecifiers,
	hostPackageOf,
	loadHostModules,
	packageNameOf,
} from "./core/extensions/host-modules.js";
export {
	type LoadExtensionsOptions,
	type LoadedExtensions,
	loadExtensions,
} from "./core/extensions/load-extensions.js";
export type { McpServerStatus, RegisteredMcpServer } from "./core/extensions/mcp-server-registry.js";
export { createRuntimeCommandActions } from "./core/extensions/runtime-command-actions.js";
export {
	type BashExecutionMessage,
	type BranchSummaryMessage,
	bashExecutionToText,
	type CompactionSummaryMessage,
	type CustomMessage,
	convertToLlm,
	type SessionMessage,
} from "./core/messages.js";
export { type CredentialSource, ModelRuntime, type ModelRuntimeOptions } from "./core/models/model-runtime.js";
export { type ModelConfig, ModelsJsonError, type ProviderConfig } from "./core/models/models-json.js";
export {
	isVirtualModel,
	type RouteContext,
	type RouteReason,
	type RouteRequest,
	type RouteResult,
	type VirtualModelDefinition,
} from "./core/models/virtual-models.js";
export { findPackageMcpConfigs, type PackageMcpConfig } from "./core/packages/package-mcp.js";
export {
	type GitPackageSource,
	identityOfSourceString,
	type LocalPackageSource,
	type NpmPackageSource,
	type PackageSource,
	PackageSourceError,
	parsePackageSource,
} from "./core/packages/package-source.js";
export type { ContextFile } from "./core/resources/context-files.js";
export { resolveProjectTrust, type TrustResolution, TrustStore } from "./core/resources/project-trust.js";
export { expandPromptTemplate, type PromptTemplate } from "./core/resources/prompt-templates.js";
export type { ResourceCollision, ResourceDiagnostic } from "./core/resources/resource-diagnostic.js";
export { type LoadedResources, loadResources, type ResourceLoaderOptions } from "./core/resources/resource-loader.js";
export { expandSkillCommand, type Skill } from "./core/resources/skills.js";
export { buildSystemPrompt, type PromptTool, type SystemPromptOptions } from "./core/resources/system-prompt.js";
export {
	type AgentSessionRuntimeDiagnostic,
	type AgentSessionServices,
	type CreateAgentSessionFromServicesOptions,
	type CreateAgentSessionOptions,
	type CreateAgentSessionResult,
	type CreateAgentSessionServicesOptions,
	createAgentSession,
	createAgentSessionFromServices,
	createAgentSessionServices,
	DefaultResourceLoader,
	type ExtensionLoadingOptions,
	type LoadExtensionsResult,
	type ResourceLoader,
	type SessionStartEvent,
	type ToolDefinition,
} from "./core/sdk.js";
export type { ReadonlySessionManager } from "./core/session/readonly-session-manager.js";
export {
	type ResolveSessionDirOptions,
	resolveSessionDir,
	SESSION_DIR_ENV,
} from "./core/session/resolve-session-dir.js";
export { InvalidSessionFileError, SessionWriteError } from "./core/session/session-file.js";
export { type SessionDiagnostic, SessionManager } from "./core/session/session-manager.js";
export { CONFIG_DIR_NAME, encodeCwd, getAgentDir } from "./core/session/session-paths.js";
export type {
	BranchSummaryEntry,
	CompactionEntry,
	CustomEntry,
	CustomMessageEntry,
	FileOperationDetails,
	LabelEntry,
	MessageEntry,
	ModelChangeEntry,
	SessionContext,
	SessionEntry,
	SessionHeader,
	SessionInfo,
	SessionInfoEntry,
	SessionTreeNode,
	ThinkingLevelChangeEntry,
} from "./core/session/session-types.js";
export { type BashSpawnContext, type BashSpawnHook, createBashTool } from "./core/tools/bash.js";
export {
	type BashExecutionOptions,
	type BashExecutionResult,
	executeBash,
} from "./core/tools/bash-executor.js";
export {
	BUILTIN_TOOL_NAMES,
	BUILTIN_TOOL_SNIPPETS,
	type BuiltinToolName,
	type BuiltinTools,
	type BuiltinToolsOptions,
	createAllTools,
	createBuiltinTools,
	createCodingTools,
	createReadOnlyTools,
	DEFAULT_TOOL_NAMES,
	isBuiltinToolName,
	READ_ONLY_TOOL_NAMES,
} from "./core/tools/create-tools.js";
export { createEditTool } from "./core/tools/edit.js";
export { withFileMutationQueue } from "./core/tools/file-mutation-queue.js";
export { createFindTool } from "./core/tools/find.js";
export { createGrepTool } from "./core/tools/grep.js";
export { createLsTool } from "./core/tools/ls.js";
export { createPowerShellTool, type PowerShellToolOptions } from "./core/tools/powershell.js";
export {
	killTrackedProcessGroups,
	registerProcessGroup,
	trackedProcessGroups,
} from "./core/tools/process-groups.js";
export { createReadTool } from "./core/tools/read.js";
export {
	formatSize,
	MAX_BYTES,
	MAX_BYTES as DEFAULT_MAX_BYTES,
	MAX_LINES,
	MAX_LINES as DEFAULT_MAX_LINES,
	type TruncationInfo,
	type TruncationOptions,
	type TruncationResult,
	truncateHead,
	truncateLine,
	truncateTail,
} from "./core/tools/truncate.js";
export { createWriteTool } from "./core/tools/write.js";
export { isPiUserError, PiUserError } from "./core/user-error.js";
export { type AcpModeOptions, runAcpMode } from "./modes/acp/acp-mode.js";
export {
	BorderedLoader,
	CustomEditor,
	DynamicBorder,
	keyHint,
	rawKeyHint,
} from "./modes/interactive/components/extension-components.js";
export {
	type ExtensionTheme,
	type ExtensionTheme as Theme,
	getMarkdownTheme,
	getSelectListTheme,
	getSettingsListTheme,
} from "./modes/interactive/extension-theme.js";
export { InteractiveApp, type InteractiveAppOptions } from "./modes/interactive/interactive-app.js";
export { type InteractiveModeOptions, runInteractiveMode } from "./modes/interactive/interactive-mode.js";
export {
	MAX_INDEXED_ENTRIES,
	ProjectFileIndex,
	type ProjectFileIndexOptions,
} from "./modes/interactive/project-file-index.js";
export {
	type JsonAssistantMessageEvent,
	type JsonEvent,
	type JsonMessageUpdateEvent,
	toJsonEvent,
} from "./modes/json-event.js";
export {
	flushRawStdout,
	isStdoutTakenOver,
	takeOverStdout,
	waitForRawStdoutBackpressure,
	writeRawStdout,
} from "./modes/output-guard.js";
export {
	attachJsonlLineReader,
	DEFAULT_MAX_LINE_LENGTH,
	JsonlLineTooLongError,
	type JsonlReadable,
	type JsonlReaderOptions,
	serializeJsonLine,
} from "./modes/rpc/jsonl.js";
export {
	type ExtensionUIAnswer,
	type ExtensionUIRequestHandler,
	RpcClient,
	type RpcClientOptions,
	type RpcClientRecord,
} from "./modes/rpc/rpc-client.js";
export { RPC_COMMAND_TYPES } from "./modes/rpc/rpc-command-schemas.js";
export { runRpcMode } from "./modes/rpc/rpc-mode.js";
export { buildRpcJsonSchema, RPC_SCHEMA_ID } from "./modes/rpc/rpc-schema.js";
export {
	type JsonAgentSessionEvent,
	RPC_DIALOG_METHODS,
	type RpcCommand,
	type RpcCommandOf,
	type RpcCommandType,
	type RpcErrorResponse,
	type RpcExtensionErrorEvent,
	type RpcExtensionUIRequest,
	type RpcExtensionUIResponse,
	type RpcOutputRecord,
	type RpcResponse,
	type RpcResponseDataMap,
	type RpcSessionState,
	type RpcSlashCommand,
	type RpcSuccessResponse,
} from "./modes/rpc/rpc-types.js";

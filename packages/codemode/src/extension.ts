// The entry the pi binary loads for its built-in extensions (`@pi/codemode/extension`): only what
// registering the tools needs. The sandbox, its worker threads and the script host are imported
// when a script first runs, so sessions that never run one do not load them.
export { createCodemodeExtension } from "./codemode-extension.js";
export { createToolSearchExtension } from "./tool-search.js";

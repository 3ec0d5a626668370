// The script environment, evaluated inside the QuickJS VM before the script. It reaches the host
// only through the bridge functions the worker installs (`__pi_call`, `__pi_emit`, `__pi_finish`),
// which it captures and then deletes from the global object. It evaluates to the functions the
// worker drives the script with ({ settle, pending, run }), so none of them is a global the script sees.

/** Limits the prelude enforces (codemode docs, "Scripts"). */
export const OUTPUT_CHAR_LIMIT = 16_777_216;
export const OUTPUT_CALL_LIMIT = 100_000;
export const STORE_VALUE_LIMIT = 262_144;
export const STORE_TOTAL_LIMIT = 1_048_576;

/** Source of the prelude; `__PI_CONFIG__` is replaced by the run's configuration (JSON). */
export const PRELUDE_SOURCE = String.raw`(() => {
"use strict";
const config = __PI_CONFIG__;
const call = globalThis.__pi_call, emit = globalThis.__pi_emit, finish = globalThis.__pi_finish;
delete globalThis.__pi_call; delete globalThis.__pi_emit; delete globalThis.__pi_finish;
const pending = new Map();
let finished = false, outputChars = 0, outputCalls = 0;
const store = JSON.parse(config.storeJson), changes = { set: {}, delete: [] };
let storeSize = 0;
for (const key of Object.keys(store)) storeSize += JSON.stringify(store[key]).length;
const fail = (message) => { throw new Error(message); };
const failType = (message) => { throw new TypeError(message); };
const show = (value) => typeof value === "string" ? value : value === undefined ? "undefined" : (() => { try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch { return String(value); } })();
const count = (chars) => {
  outputChars += chars; outputCalls += 1;
  if (outputChars > ${OUTPUT_CHAR_LIMIT} || outputCalls > ${OUTPUT_CALL_LIMIT})
    fail("Output limit exceeded (16777216 characters or 100000 text(), image() and console calls); write large data to a file with a tool instead.");
};
const request = (method, name, args) => {
  if (finished) return new Promise(() => {});
  let json;
  try { json = JSON.stringify(args === undefined ? {} : args); } catch (error) { return Promise.reject(new TypeError("Arguments must be JSON: " + error.message)); }
  const id = call(method, name, json);
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject, name }));
};
const settle = (id, ok, payload) => {
  const entry = pending.get(id);
  if (!entry) return;
  pending.delete(id);
  if (ok) entry.resolve(payload === "" ? undefined : JSON.parse(payload));
  else { const error = new Error(payload); error.__piToolError = true; entry.reject(error); }
};
const pendingCount = () => pending.size;
// No prototype, so tools.constructor and tools.__proto__ lead nowhere; a proxy so that a
// misspelt name fails at once with the names that exist, instead of "not a function".
const toolTable = Object.create(null);
for (const tool of config.tools) {
  const invoke = (args) => request("tool", tool.name, args);
  toolTable[tool.identifier] = invoke;
  if (tool.name !== tool.identifier) toolTable[tool.name] = invoke;
}
Object.freeze(toolTable);
const identifiers = config.tools.map((tool) => tool.identifier);
// Names that generic code probes (promise checks, JSON, inspection): answered with undefined.
const PROBED = new Set(["then", "toJSON", "constructor", "__proto__", "prototype", "hasOwnProperty", "valueOf", "toString", "toLocaleString", "isPrototypeOf", "propertyIsEnumerable"]);
const editDistance = (a, b) => {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
};
const missingTool = (key) => {
  const wanted = key.toLowerCase();
  const similar = identifiers.filter((id) => { const low = id.toLowerCase(); return low.includes(wanted) || wanted.includes(low) || editDistance(low, wanted) <= 2; }).slice(0, 3);
  const shown = identifiers.slice(0, 50).join(", ") + (identifiers.length > 50 ? ", and " + (identifiers.length - 50) + " more" : "");
  const hint = similar.length > 0 ? "Did you mean " + similar.map((id) => "tools." + id).join(" or ") + "?" : "Available: " + (shown || "none") + ".";
  return new TypeError("tools." + key + " does not exist. " + hint + " ALL_TOOLS lists every callable tool and searchTools(query) ranks them by topic; test for one with \"" + key + "\" in tools.");
};
const tools = new Proxy(toolTable, {
  get(target, key) {
    if (typeof key !== "string" || key in target || PROBED.has(key)) return target[key];
    throw missingTool(key);
  },
});
const text = (value) => { const shown = show(value); count(shown.length); emit("text", shown); };
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const image = (value) => {
  let url;
  if (typeof value === "string") url = value;
  else if (value && typeof value === "object" && value.type === "image" && typeof value.data === "string") {
    if (!IMAGE_TYPES.includes(value.mimeType)) failType("image(): unsupported type " + value.mimeType + " (PNG, JPEG, GIF and WebP are accepted)");
    count(value.data.length); emit("image", JSON.stringify({ data: value.data, mimeType: value.mimeType })); return;
  } else if (value && typeof value === "object" && value.image_url !== undefined) url = typeof value.image_url === "string" ? value.image_url : value.image_url && value.image_url.url;
  if (typeof url !== "string") failType("image() takes a base64 data: URL, an { image_url } object or an image block { type: \"image\", data, mimeType }");
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) failType(/^https?:/i.test(url) ? "image(): remote image URLs are not supported; pass a base64 data: URL or an image block" : "image(): expected a base64 data: URL such as data:image/png;base64,...");
  if (!IMAGE_TYPES.includes(match[1])) failType("image(): unsupported type " + match[1] + " (PNG, JPEG, GIF and WebP are accepted)");
  count(match[2].length); emit("image", JSON.stringify({ data: match[2], mimeType: match[1] }));
};
const log = (...args) => { const line = args.map(show).join(" "); count(line.length); emit("console", line); };
const consoleObject = Object.freeze({ log, info: log, warn: log, error: log, debug: log });
const EXIT = {};
const exit = () => { if (!finished) { finished = true; finish(true, JSON.stringify(changes)); } throw EXIT; };
const storeFn = (key, value) => {
  if (typeof key !== "string") throw new TypeError("store() key must be a string, not " + typeof key);
  const before = key in store ? JSON.stringify(store[key]).length : 0;
  if (value === undefined) {
    delete store[key]; delete changes.set[key]; if (!changes.delete.includes(key)) changes.delete.push(key);
    storeSize -= before; return;
  }
  let json;
  try { json = JSON.stringify(value); } catch (error) { throw new TypeError("store(" + JSON.stringify(key) + ") value is not JSON: " + error.message); }
  if (json === undefined) throw new TypeError("store(" + JSON.stringify(key) + ") value is not JSON (" + typeof value + ")");
  const tooLarge = "store() keeps small state such as IDs, cursors or summaries: keep large data in variables, write it to a file with a tool, and show images with image().";
  if (json.length > ${STORE_VALUE_LIMIT}) throw new RangeError("store(" + JSON.stringify(key) + ") value has " + json.length + " characters of JSON; one value may have at most ${STORE_VALUE_LIMIT}. " + tooLarge);
  if (storeSize - before + json.length > ${STORE_TOTAL_LIMIT}) throw new RangeError("store(" + JSON.stringify(key) + ") would bring all values to " + (storeSize - before + json.length) + " characters of JSON; together they may have at most ${STORE_TOTAL_LIMIT}. " + tooLarge);
  store[key] = JSON.parse(json); changes.set[key] = JSON.parse(json);
  changes.delete = changes.delete.filter((deleted) => deleted !== key);
  storeSize += json.length - before;
};
const load = (key) => key in store ? JSON.parse(JSON.stringify(store[key])) : undefined;
const searchTools = (query, options) => request("searchTools", "", { query: String(query), ...(options || {}) });
const describeTool = (name) => request("describeTool", String(name), {});
const describeNamespace = (name) => request("describeNamespace", String(name), {});
const modelMethod = (method) => (...args) => request("models", method, args);
const models = Object.freeze({
  getModelsOfType: modelMethod("getModelsOfType"), getAvailableOfType: modelMethod("getAvailableOfType"),
  getModelOfType: modelMethod("getModelOfType"), classify: modelMethod("classify"), generateImages: modelMethod("generateImages"),
});
const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: false, enumerable: false, configurable: false });
define("tools", tools);
define("ALL_TOOLS", Object.freeze(config.allTools.map((tool) => Object.freeze({ ...tool }))));
define("text", text); define("image", image); define("console", consoleObject); define("exit", exit);
define("store", storeFn); define("load", load); define("searchTools", searchTools);
define("describeTool", describeTool); define("describeNamespace", describeNamespace); define("models", models);
const describe = (error) => {
  if (error && error.__piToolError) return "Error: " + error.message;
  if (error instanceof Error) {
    const frames = String(error.stack || "").split("\n").filter((line) => line.includes("codemode.js") && !line.includes("<eval>"));
    return [String(error), ...frames].join("\n");
  }
  // A thrown string or object reads like an Error with that message.
  return "Error: " + show(error);
};
const run = (promise) => promise.then(
  (value) => { if (finished) return; if (value !== undefined) { try { text(value); } catch (error) { finished = true; finish(false, describe(error)); return; } } finished = true; finish(true, JSON.stringify(changes)); },
  (error) => { if (finished || error === EXIT) return; finished = true; finish(false, describe(error)); },
);
return { settle, pending: pendingCount, run };
})();`;

#!/usr/bin/env node
// The `pi` binary (copied to dist/bundle/pi.js by bundle.mjs, with its build id filled in). It runs
// the bundle's modules through `vm.Script` so V8 can reuse their compiled code across runs: Node 20
// has no compile cache for ES modules, and compiling the ~1 MB a run needs is a quarter of pi's own
// start-up. Each module is a CommonJS function (bundle.mjs converted it); a run without a usable
// cache compiles it as before. After a run that compiled something, the code V8 made (the
// functions that ran included) is written to one file per bundle build, node version and
// architecture in the user's cache directory (atomically: temp file, then rename): when the run
// ends by returning a status (not by a signal, nor by exiting from inside), and once 2 s into a
// longer run. Any failure to read, use or write it is silent: the modules then compile as they
// would have. PI_NO_COMPILE_CACHE=1 neither reads nor writes it.
//
// CommonJS (dist/bundle/package.json says so): Node then runs it without starting its ES module
// loader, which costs more than the rest of this file.
const {
	closeSync,
	fstatSync,
	mkdirSync,
	openSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} = require("node:fs");
const { createRequire } = require("node:module");
const { homedir } = require("node:os");
const { dirname, isAbsolute, join, resolve, sep } = require("node:path");
const { pathToFileURL } = require("node:url");
const vm = require("node:vm");

const BUILD_ID = "__PI_BUILD_ID__";
const MAGIC = "pi-code-cache-2\n";
/** Cache files of other builds untouched this long are removed when a new one is written. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000;

const bundleDir = __dirname;

/** Where the cache lives; undefined when it is turned off or there is no home to put it in. */
function cacheLocation() {
	if (process.env.PI_NO_COMPILE_CACHE === "1") return undefined;
	try {
		const xdg = process.env.XDG_CACHE_HOME;
		const directory = join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache"), "pi");
		return join(directory, `code-cache-${BUILD_ID}-${process.version}-${process.arch}.bin`);
	} catch {
		return undefined; // homedir() throws without HOME and a passwd entry.
	}
}

const cacheFile = cacheLocation();
const useCache = cacheFile !== undefined;

/** name -> { sourceKey, checksum, data } from the cache file; empty when there is none or it is unreadable. */
function readCache() {
	const entries = new Map();
	if (!useCache) return entries;
	try {
		const file = readFileSync(cacheFile);
		if (file.toString("latin1", 0, MAGIC.length) !== MAGIC) return entries;
		const headerLength = file.readUInt32LE(MAGIC.length);
		const start = MAGIC.length + 4;
		const header = JSON.parse(file.toString("utf8", start, start + headerLength));
		let offset = start + headerLength;
		for (const { name, sourceKey, length, checksum } of header) {
			entries.set(name, { sourceKey, checksum, data: file.subarray(offset, offset + length) });
			offset += length;
		}
	} catch {
		entries.clear();
	}
	return entries;
}

const cached = readCache();
/** The checksum of a cache entry (crypto: loaded by every run that gets this far anyway). */
const checksumOf = (data) => require("node:crypto").hash("sha1", data);
/** The modules this run compiled, by name (path below the bundle directory). */
const compiled = new Map();
let cacheOutdated = false;

function writeCache() {
	if (!useCache || !cacheOutdated) return;
	cacheOutdated = false;
	try {
		const entries = [];
		for (const [name, { sourceKey, script }] of compiled) {
			const data = script.createCachedData();
			entries.push({ name, sourceKey, checksum: checksumOf(data), data });
		}
		for (const [name, entry] of cached) if (!compiled.has(name)) entries.push({ name, ...entry });
		const header = Buffer.from(
			JSON.stringify(
				entries.map(({ name, sourceKey, checksum, data }) => ({ name, sourceKey, checksum, length: data.length })),
			),
		);
		const length = Buffer.alloc(4);
		length.writeUInt32LE(header.length);
		const directory = dirname(cacheFile);
		mkdirSync(directory, { recursive: true, mode: 0o700 });
		const temp = `${cacheFile}.${process.pid}.tmp`;
		try {
			writeFileSync(
				temp,
				Buffer.concat([Buffer.from(MAGIC, "latin1"), length, header, ...entries.map((entry) => entry.data)]),
			);
			renameSync(temp, cacheFile);
		} catch (error) {
			rmSync(temp, { force: true }); // a full disk leaves no half-written file behind
			throw error;
		}
		removeStaleCaches(directory);
	} catch {
		// An unwritable cache directory only means the next run compiles again.
	}
}

function removeStaleCaches(directory) {
	const now = Date.now();
	for (const name of readdirSync(directory)) {
		if (!name.startsWith("code-cache-") || join(directory, name) === cacheFile) continue;
		const path = join(directory, name);
		if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true });
	}
}

const modules = new Map();
const requires = new Map();

/** Node's require() for the bundle modules in `directory` (built-ins, externals), made once per directory. */
function requireFrom(directory) {
	let nodeRequire = requires.get(directory);
	if (!nodeRequire) {
		nodeRequire = createRequire(join(directory, "noop.js"));
		requires.set(directory, nodeRequire);
	}
	return nodeRequire;
}

/**
 * import() of anything outside the bundle (jiti and the extensions it loads, packages kept external),
 * for every bundle module: bundle.mjs rewrote their import() calls to this one. It lives here, in a
 * file Node compiled itself, because a vm.Script made from cached data has no dynamic-import
 * callback (see bundle.mjs). The specifiers are bare package names, `node:` built-ins and absolute
 * URLs, which resolve the same from this directory as from chunks/.
 */
const importExternal = (specifier) => import(specifier);

/** Runs the bundle module at `file` (once) and returns its exports. */
function load(file) {
	const existing = modules.get(file);
	if (existing) return existing.exports;
	const module = { exports: {} };
	modules.set(file, module);
	const fd = openSync(file, "r");
	let source;
	let sourceKey;
	try {
		const stat = fstatSync(fd);
		sourceKey = `${stat.size}:${stat.mtimeMs}`;
		source = readFileSync(fd, "utf8");
	} finally {
		closeSync(fd);
	}
	const name = file.slice(bundleDir.length + 1);
	const entry = cached.get(name);
	// V8 checks only the source's length and its own version: the rest is ours to check (a file
	// damaged on disk must not reach V8's deserializer).
	const usable = entry !== undefined && entry.sourceKey === sourceKey && checksumOf(entry.data) === entry.checksum;
	const script = new vm.Script(source, {
		filename: file,
		cachedData: usable ? entry.data : undefined,
	});
	if (useCache) {
		compiled.set(name, { sourceKey, script });
		if (!usable || script.cachedDataRejected) cacheOutdated = true;
	}
	const directory = dirname(file);
	const nodeRequire = requireFrom(directory);
	const localRequire = (specifier) => {
		if (specifier.startsWith("./") || specifier.startsWith("../")) {
			const target = resolve(directory, specifier);
			if (target.startsWith(bundleDir + sep)) return load(target);
		}
		return nodeRequire(specifier);
	};
	localRequire.resolve = (specifier, options) => nodeRequire.resolve(specifier, options);
	// import() of another bundle module: evaluated a microtask later, as import() never runs it synchronously.
	const localImport = (specifier) => Promise.resolve().then(() => load(resolve(directory, specifier)));
	script.runInThisContext()(
		module.exports,
		localRequire,
		module,
		file,
		directory,
		localImport,
		pathToFileURL(file).href,
		importExternal,
	);
	return module.exports;
}

/** The statuses of a run ended by SIGINT, SIGHUP or SIGTERM: it was asked to stop, not to write a cache. */
const SIGNAL_STATUSES = new Set([130, 129, 143]);
/**
 * A run still going after this long (the terminal UI, an RPC or ACP host) writes what it compiled
 * so far: such runs often end by a signal, and their start-up is what the cache is for.
 */
const LONG_RUN_MS = 2000;

const { main } = load(join(bundleDir, "pi-main.js"));
setTimeout(writeCache, LONG_RUN_MS).unref();
// A rejection stays unhandled: Node prints it and exits 1, as for the unbundled dist/cli.js.
void main(process.argv.slice(2)).then((status) => {
	if (!SIGNAL_STATUSES.has(status)) writeCache();
	// Exit explicitly: idle keep-alive sockets of provider SDKs must not hold a finished run open.
	process.exit(status);
});

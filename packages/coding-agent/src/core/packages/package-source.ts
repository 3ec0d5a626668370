// Package sources (`pi install <source>`, settings `packages`): npm specs, git repositories and
// local paths, parsed the way pi 1.4 reads them so settings files written by either load alike.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PiUserError } from "../user-error.js";
import { isLocalSource } from "./local-source.js";

/** `npm:name[@version]`. `pinned` when the version is one exact release. */
export interface NpmPackageSource {
	type: "npm";
	/** The text after `npm:`, as handed to the package manager. */
	spec: string;
	name: string;
	version?: string;
	pinned: boolean;
}

/** A git repository; `ref` (tag, branch or commit) after `@`. A ref pins the checkout. */
export interface GitPackageSource {
	type: "git";
	/** The URL `git clone` is given (no ref). */
	repo: string;
	/** Host name without port, e.g. `github.com`: the first folder under `<agentDir>/git`. */
	host: string;
	/** `owner/repo` (no `.git`), the rest of the install path. */
	path: string;
	ref?: string;
	pinned: boolean;
}

/** A file or directory loaded in place; relative paths are relative to the settings file naming them. */
export interface LocalPackageSource {
	type: "local";
	path: string;
}

export type PackageSource = NpmPackageSource | GitPackageSource | LocalPackageSource;

/** Thrown for a source that cannot be installed (`pi install nonsense:`, `npm:` without a name). */
export class PackageSourceError extends PiUserError {
	constructor(message: string) {
		super("package_source_invalid", message);
		this.name = "PackageSourceError";
	}
}

const EXACT_VERSION = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
// npm's own rule for package names (lowercase, URL-safe, optional scope).
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export { isLocalSource } from "./local-source.js";

function parseNpm(source: string): NpmPackageSource {
	const spec = source.slice("npm:".length).trim();
	const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
	const name = at < 0 ? spec : spec.slice(0, at);
	const version = at < 0 ? undefined : spec.slice(at + 1) || undefined;
	if (!NPM_NAME.test(name)) {
		throw new PackageSourceError(
			`Invalid npm package name in "${source}": write npm:<name> or npm:<name>@<version> (e.g. npm:pi-tools@1.2.0)`,
		);
	}
	return { type: "npm", spec, name, version, pinned: version !== undefined && EXACT_VERSION.test(version) };
}

function unsafePart(value: string, allowSlash: boolean): boolean {
	let decoded = value;
	try {
		decoded = decodeURIComponent(value);
	} catch {
		return true;
	}
	return [value, decoded].some(
		(part) =>
			part.includes("\0") ||
			part.includes("\\") ||
			part.startsWith("/") ||
			(!allowSlash && part.includes("/")) ||
			part.split("/").includes(".."),
	);
}

function gitSource(repo: string, host: string, rawPath: string, ref: string | undefined): GitPackageSource | undefined {
	const path = rawPath
		.replace(/^\/+/, "")
		.replace(/\/+$/, "")
		.replace(/\.git$/, "");
	if (!host || path.split("/").length < 2 || unsafePart(host, false) || unsafePart(path, true)) return undefined;
	return { type: "git", repo, host, path, ref: ref || undefined, pinned: Boolean(ref) };
}

// `<repo>@<ref>`: the ref is what follows the first `@` in the path part (never in the host).
function splitRef(pathPart: string): { path: string; ref?: string } {
	const at = pathPart.indexOf("@");
	if (at <= 0 || at === pathPart.length - 1) return { path: pathPart };
	return { path: pathPart.slice(0, at), ref: pathPart.slice(at + 1) };
}

/**
 * Parses a git source: `git:host/owner/repo[@ref]`, `git:git@host:owner/repo[@ref]`, or (with or
 * without `git:`) a `https://`, `http://`, `ssh://` or `git://` URL with an optional `@ref` after
 * the path. Undefined when it is not one.
 */
export function parseGitSource(source: string): GitPackageSource | undefined {
	const trimmed = source.trim();
	const prefixed = trimmed.startsWith("git:") && !trimmed.startsWith("git://");
	const url = prefixed ? trimmed.slice(4).trim() : trimmed;
	const scp = /^git@([^:/]+):(.+)$/.exec(url);
	if (scp && prefixed) {
		const { path, ref } = splitRef(scp[2]!);
		return gitSource(`git@${scp[1]}:${path}`, scp[1]!, path, ref);
	}
	if (/^(https?|ssh|git):\/\//i.test(url)) {
		let parsed: URL;
		try {
			parsed = new URL(url);
		} catch {
			return undefined;
		}
		const { path, ref } = splitRef(decodeURIComponent(parsed.pathname.replace(/^\/+/, "")));
		parsed.pathname = `/${path}`;
		parsed.hash = "";
		return gitSource(parsed.toString().replace(/\/$/, ""), parsed.hostname, path, ref);
	}
	if (!prefixed) return undefined;
	const slash = url.indexOf("/");
	if (slash < 0) return undefined;
	const host = url.slice(0, slash);
	if (!host.includes(".") && !host.startsWith("localhost")) return undefined;
	const { path, ref } = splitRef(url.slice(slash + 1));
	return gitSource(`https://${host}/${path}`, host, path, ref);
}

/** Parses any package source; throws PackageSourceError for a remote source that is malformed. */
export function parsePackageSource(source: string): PackageSource {
	const trimmed = source.trim();
	if (trimmed === "")
		throw new PackageSourceError("Empty package source: give npm:<name>, git:<host>/<owner>/<repo> or a path");
	if (trimmed.startsWith("npm:")) return parseNpm(trimmed);
	if (isLocalSource(trimmed)) return { type: "local", path: trimmed };
	const git = parseGitSource(trimmed);
	if (git) return git;
	throw new PackageSourceError(
		`Unsupported package source "${source}": use npm:<name>[@version], git:<host>/<owner>/<repo>[@ref], an https git URL, or a local path`,
	);
}

/** Resolves a local source path (`~`, `file://`, relative to `baseDir`). */
export function resolveLocalPath(path: string, baseDir: string): string {
	let value = path.trim();
	if (value.startsWith("file://")) value = fileURLToPath(value);
	if (value === "~") value = homedir();
	else if (value.startsWith("~/")) value = join(homedir(), value.slice(2));
	return isAbsolute(value) ? resolve(value) : resolve(baseDir, value);
}

/**
 * The identity that makes two declarations one package (so it never loads twice): npm by name,
 * git by host and repository path (no ref), local by absolute path resolved from `baseDir`.
 */
export function packageIdentity(source: PackageSource, baseDir: string): string {
	switch (source.type) {
		case "npm":
			return `npm:${source.name}`;
		case "git":
			return `git:${source.host}/${source.path}`;
		case "local":
			return `local:${resolveLocalPath(source.path, baseDir)}`;
		default: {
			const never: never = source;
			throw new Error(`unknown package source ${JSON.stringify(never)}`);
		}
	}
}

/** The identity of a source string, or undefined when it cannot be parsed. */
export function identityOfSourceString(source: string, baseDir: string): string | undefined {
	try {
		return packageIdentity(parsePackageSource(source), baseDir);
	} catch (error) {
		if (error instanceof PackageSourceError) return undefined;
		throw error;
	}
}

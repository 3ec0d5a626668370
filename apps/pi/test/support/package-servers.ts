// Loopback servers for package e2e tests: an npm registry serving packuments and tarballs made
// with `npm pack`, and git repositories served over HTTP by `git http-backend`.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";

/** Files of a fixture package, by relative path. */
export type FixtureFiles = Record<string, string>;

/** Writes a package folder. */
export function writePackage(dir: string, files: FixtureFiles): void {
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
}

interface PublishedVersion {
	version: string;
	tarball: Buffer;
}

/** A minimal npm registry on 127.0.0.1 (packument + tarball routes, as npm fetches them). */
export class LoopbackRegistry {
	private readonly packages = new Map<string, PublishedVersion[]>();
	private server?: Server;
	url = "";

	async start(): Promise<void> {
		this.server = createServer((request, response) => {
			const path = decodeURIComponent((request.url ?? "/").split("?")[0]!).replace(/^\//, "");
			const tarball = /^(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(path);
			if (tarball) {
				const found = this.packages.get(tarball[1]!)?.find((entry) => entry.version === tarball[2]);
				if (!found) return void response.writeHead(404).end();
				response.writeHead(200, { "content-type": "application/octet-stream" });
				return void response.end(found.tarball);
			}
			const versions = this.packages.get(path);
			if (!versions) {
				response.writeHead(404, { "content-type": "application/json" });
				return void response.end(JSON.stringify({ error: "Not found" }));
			}
			response.writeHead(200, { "content-type": "application/json" });
			response.end(JSON.stringify(this.packument(path, versions)));
		});
		await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
	}

	private packument(name: string, versions: readonly PublishedVersion[]): unknown {
		const entries = Object.fromEntries(
			versions.map((entry) => {
				const manifest = JSON.parse(
					execFileSync("tar", ["-xzOf", "-", "package/package.json"], { input: entry.tarball }).toString("utf8"),
				) as Record<string, unknown>;
				const base = name.split("/").at(-1);
				return [
					entry.version,
					{
						...manifest,
						dist: {
							tarball: `${this.url}${name}/-/${base}-${entry.version}.tgz`,
							shasum: createHash("sha1").update(entry.tarball).digest("hex"),
							integrity: `sha512-${createHash("sha512").update(entry.tarball).digest("base64")}`,
						},
					},
				];
			}),
		);
		return { name, "dist-tags": { latest: versions.at(-1)!.version }, versions: entries };
	}

	/** Packs `dir` with `npm pack` and serves it as `name@version` (the latest publish is `latest`). */
	publish(dir: string, name: string, version: string): void {
		const output = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: dir }).toString("utf8");
		const file = (JSON.parse(output) as { filename: string }[])[0]!.filename;
		const list = this.packages.get(name) ?? [];
		list.push({ version, tarball: readFileSync(join(dir, file)) });
		this.packages.set(name, list);
	}

	close(): Promise<void> {
		return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}
}

/** Git repositories under `root`, served read-only over smart HTTP by `git http-backend`. */
export class LoopbackGitServer {
	private server?: Server;
	url = "";

	constructor(private readonly root: string) {}

	async start(): Promise<void> {
		this.server = createServer((request, response) => {
			const [pathInfo, query = ""] = (request.url ?? "/").split("?");
			const child = spawn("git", ["http-backend"], {
				env: {
					...process.env,
					GIT_PROJECT_ROOT: this.root,
					GIT_HTTP_EXPORT_ALL: "1",
					PATH_INFO: pathInfo,
					QUERY_STRING: query,
					REQUEST_METHOD: request.method ?? "GET",
					CONTENT_TYPE: request.headers["content-type"] ?? "",
					REMOTE_ADDR: "127.0.0.1",
				},
			});
			request.pipe(child.stdin);
			const chunks: Buffer[] = [];
			child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
			child.on("close", () => {
				const output = Buffer.concat(chunks);
				const split = output.indexOf("\r\n\r\n");
				const head = output.subarray(0, split).toString("utf8");
				const headers: Record<string, string> = {};
				let status = 200;
				for (const line of head.split("\r\n")) {
					const colon = line.indexOf(":");
					const key = line.slice(0, colon).trim();
					const value = line.slice(colon + 1).trim();
					if (key.toLowerCase() === "status") status = Number.parseInt(value, 10);
					else headers[key] = value;
				}
				response.writeHead(status, headers);
				response.end(output.subarray(split + 4));
			});
		});
		await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
	}

	close(): Promise<void> {
		return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
	}
}

/** Commits `files` in the work tree `work` (created on first use) and pushes to bare `<bare>`. */
export function commitAndPush(work: string, bare: string, files: FixtureFiles, tag?: string): string {
	const git = (...args: string[]) => execFileSync("git", args, { cwd: work, stdio: "pipe" }).toString("utf8").trim();
	if (!readdirSafe(work)) {
		mkdirSync(work, { recursive: true });
		execFileSync("git", ["init", "--bare", "--initial-branch=main", bare], { stdio: "pipe" });
		git("init", "--initial-branch=main");
		git("remote", "add", "origin", bare);
	}
	writePackage(work, files);
	git("add", "-A");
	git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-m", "change");
	if (tag) git("tag", tag);
	git("push", "--quiet", "origin", "main", "--tags");
	return git("rev-parse", "HEAD");
}

function readdirSafe(dir: string): boolean {
	try {
		execFileSync("git", ["rev-parse", "--git-dir"], { cwd: dir, stdio: "pipe" });
		return true;
	} catch {
		return false;
	}
}

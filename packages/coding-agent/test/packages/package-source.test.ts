import { describe, expect, it } from "vitest";
import {
	identityOfSourceString,
	PackageSourceError,
	packageIdentity,
	parsePackageSource,
} from "../../src/core/packages/package-source.js";

describe("parsePackageSource", () => {
	it("reads npm specs with scope and version; an exact version pins", () => {
		expect(parsePackageSource("npm:pi-tools")).toEqual({
			type: "npm",
			spec: "pi-tools",
			name: "pi-tools",
			version: undefined,
			pinned: false,
		});
		expect(parsePackageSource("npm:@scope/pi-tools@1.2.3")).toMatchObject({
			name: "@scope/pi-tools",
			version: "1.2.3",
			pinned: true,
		});
		expect(parsePackageSource("npm:pi-tools@^1.2.0")).toMatchObject({ version: "^1.2.0", pinned: false });
		expect(parsePackageSource("npm:pi-tools@latest")).toMatchObject({ pinned: false });
	});

	it("rejects an npm name npm itself would reject", () => {
		expect(() => parsePackageSource("npm:Bad Name")).toThrow(PackageSourceError);
		expect(() => parsePackageSource("npm:")).toThrow(/Invalid npm package name/);
	});

	it("reads git shorthand, https URLs and refs; a ref pins", () => {
		expect(parsePackageSource("git:github.com/owner/repo@v1")).toEqual({
			type: "git",
			repo: "https://github.com/owner/repo",
			host: "github.com",
			path: "owner/repo",
			ref: "v1",
			pinned: true,
		});
		expect(parsePackageSource("https://github.com/owner/repo.git")).toMatchObject({
			repo: "https://github.com/owner/repo.git",
			path: "owner/repo",
			pinned: false,
		});
		expect(parsePackageSource("http://127.0.0.1:8080/owner/repo.git@abc123")).toMatchObject({
			repo: "http://127.0.0.1:8080/owner/repo.git",
			host: "127.0.0.1",
			ref: "abc123",
		});
		// A host with a port, as 1.4 reads it: the port stays in the host (and so in the install folder).
		expect(parsePackageSource("git:127.0.0.1:8080/owner/repo@v1")).toEqual({
			type: "git",
			repo: "https://127.0.0.1:8080/owner/repo",
			host: "127.0.0.1:8080",
			path: "owner/repo",
			ref: "v1",
			pinned: true,
		});
		expect(parsePackageSource("git:http://127.0.0.1:8080/owner/repo.git@v1")).toMatchObject({
			repo: "http://127.0.0.1:8080/owner/repo.git",
			host: "127.0.0.1",
			path: "owner/repo",
			ref: "v1",
		});
		expect(parsePackageSource("git:git@github.com:owner/repo@main")).toMatchObject({
			repo: "git@github.com:owner/repo",
			ref: "main",
		});
	});

	it("rejects git sources without owner/repo or with path tricks", () => {
		expect(() => parsePackageSource("git:github.com/only")).toThrow(PackageSourceError);
		expect(() => parsePackageSource("https://github.com/a/../../etc")).toThrow(PackageSourceError);
	});

	it("treats everything else, bare names included, as a local path (as pi 1.4 does)", () => {
		expect(parsePackageSource("./pkg")).toEqual({ type: "local", path: "./pkg" });
		expect(parsePackageSource("pi-tools")).toEqual({ type: "local", path: "pi-tools" });
		expect(() => parsePackageSource("  ")).toThrow(PackageSourceError);
	});
});

describe("package identity", () => {
	it("npm by name, git by host and path without ref, local by absolute path", () => {
		expect(identityOfSourceString("npm:pi-tools@1.0.0", "/x")).toBe(identityOfSourceString("npm:pi-tools", "/y"));
		expect(identityOfSourceString("git:github.com/o/r@v1", "/x")).toBe(
			identityOfSourceString("https://github.com/o/r.git", "/x"),
		);
		expect(packageIdentity({ type: "local", path: "../pkg" }, "/a/b")).toBe("local:/a/pkg");
		expect(identityOfSourceString("../pkg", "/a/b")).toBe(identityOfSourceString("/a/pkg", "/elsewhere"));
		expect(identityOfSourceString("npm:Bad Name", "/x")).toBeUndefined();
	});
});

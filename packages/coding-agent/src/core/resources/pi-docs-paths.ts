import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute paths of pi's own documentation, for the system prompt (configuration.md §7, item 4). */
export interface PiDocsPaths {
	readme?: string;
	docs?: string;
	examples?: string;
}

// This file sits at <package>/{src,dist}/core/resources/, so the package root is three levels up.
const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The installed package's README.md, docs/ and examples/, each only when it exists. */
export function getInstalledDocsPaths(packageRoot: string = PACKAGE_ROOT): PiDocsPaths {
	const paths: PiDocsPaths = {};
	const readme = join(packageRoot, "README.md");
	const docs = join(packageRoot, "docs");
	const examples = join(packageRoot, "examples");
	if (existsSync(readme)) paths.readme = readme;
	if (existsSync(docs)) paths.docs = docs;
	if (existsSync(examples)) paths.examples = examples;
	return paths;
}

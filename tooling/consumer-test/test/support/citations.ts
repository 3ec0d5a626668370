import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** A `*.md` file named in a comment or a README that does not exist. */
export interface BrokenCitation {
	/** The citing file, relative to the repository root, and its line. */
	where: string;
	cited: string;
}

/**
 * File names users create, which the code and docs talk about without citing a document of this
 * repository (context files, skills, system prompt files, generated changelogs).
 */
const PRODUCT_FILE_NAMES = new Set([
	"AGENTS.md",
	"CLAUDE.md",
	"SYSTEM.md",
	"APPEND_SYSTEM.md",
	"SKILL.md",
	"CHANGELOG.md",
]);

const SKIPPED_DIRECTORIES = new Set(["node_modules", "dist", ".git", ".turbo", "coverage", "fixtures"]);

function walk(dir: string, accept: (path: string) => boolean): string[] {
	if (!existsSync(dir)) return [];
	if (!statSync(dir).isDirectory()) return accept(dir) ? [dir] : [];
	return readdirSync(dir).flatMap((entry) => {
		if (SKIPPED_DIRECTORIES.has(entry)) return [];
		const path = join(dir, entry);
		if (statSync(path).isDirectory()) return walk(path, accept);
		return accept(path) ? [path] : [];
	});
}

/** The text of every comment of a TypeScript file, each with the line it starts on. */
function commentsOf(source: string): { text: string; line: number }[] {
	const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
	const comments: { text: string; line: number }[] = [];
	const lineStarts = [0, ...[...source.matchAll(/\n/g)].map((match) => (match.index ?? 0) + 1)];
	const lineOf = (position: number): number => {
		let low = 0;
		let high = lineStarts.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if ((lineStarts[middle] ?? 0) <= position) low = middle;
			else high = middle - 1;
		}
		return low + 1;
	};
	for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
		if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
			comments.push({ text: scanner.getTokenText(), line: lineOf(scanner.getTokenStart()) });
		}
	}
	return comments;
}

/**
 * Markdown prose: fenced code blocks (examples, data) blanked out, line numbers kept; a link
 * `[label](target)` counts as its target only.
 */
function proseOf(markdown: string): { text: string; line: number }[] {
	let fenced = false;
	return markdown.split("\n").map((line, index) => {
		if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
		const text = fenced || /^\s*(```|~~~)/.test(line) ? "" : line.replace(/\[[^\]]*\]\(([^)\s]*)\)/g, " $1 ");
		return { text, line: index + 1 };
	});
}

/** The folder of the package holding `file` (nearest package.json), for package-relative paths. */
function packageRoot(file: string, root: string): string {
	for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
		if (existsSync(join(dir, "package.json"))) return dir;
		if (dir === root) break;
	}
	return root;
}

// A path ending in .md, not part of a URL or an absolute/home path (those are examples).
const CITATION = /(?<![\w/.~:-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w.-]*[\w-]\.md)\b/g;

/**
 * Every citation of a `.md` file in the comments of the repository's TypeScript sources and in
 * its Markdown files (prose only) that names no file: a bare name must be some file's name, a
 * path must resolve from the citing file's folder, its package's folder or the repository root.
 */
export function brokenCitations(root: string, scanRoots: readonly string[]): BrokenCitation[] {
	const markdownFiles = walk(root, (path) => path.endsWith(".md"));
	const names = new Set(markdownFiles.map((path) => path.slice(path.lastIndexOf("/") + 1)));
	const broken: BrokenCitation[] = [];
	for (const scanRoot of scanRoots) {
		for (const file of walk(join(root, scanRoot), (path) => /\.(ts|md)$/.test(path) && !path.endsWith(".d.ts"))) {
			const source = readFileSync(file, "utf8");
			const pieces = file.endsWith(".md") ? proseOf(source) : commentsOf(source);
			for (const piece of pieces) {
				for (const match of piece.text.matchAll(CITATION)) {
					const cited = match[1] ?? "";
					if (PRODUCT_FILE_NAMES.has(cited.slice(cited.lastIndexOf("/") + 1))) continue;
					const resolves = cited.includes("/")
						? [dirname(file), packageRoot(file, root), root].some((base) => existsSync(resolve(base, cited)))
						: names.has(cited);
					if (!resolves) broken.push({ where: `${relative(root, file)}:${piece.line}`, cited });
				}
			}
		}
	}
	return broken;
}

/**
 * The export's whole stylesheet, inlined in `<style>`. System fonts only and no `url()` or
 * `@import`, so the page fetches nothing; light and dark follow `prefers-color-scheme`.
 */
export const EXPORT_STYLES = `
:root {
	color-scheme: light dark;
	--bg: #ffffff; --fg: #1f2328; --muted: #656d76; --border: #d0d7de; --panel: #f6f8fa;
	--code-bg: #f2f4f7; --accent: #0969da; --user: #ddf4ff; --assistant: #ffffff;
	--tool: #f6f8fa; --error: #cf222e; --error-bg: #ffebe9; --summary: #fff8c5; --branch: #fbefff;
	--label: #dafbe1; --label-fg: #116329; --target: #fff8c5;
	--add: #1a7f37; --add-bg: #dafbe1; --del: #cf222e; --del-bg: #ffebe9;
	--hl-keyword: #cf222e; --hl-string: #0a3069; --hl-number: #0550ae; --hl-comment: #6e7781;
	--hl-title: #8250df; --hl-type: #953800; --hl-attr: #0550ae; --hl-meta: #6e7781;
	--mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
	:root {
		--bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --border: #30363d; --panel: #161b22;
		--code-bg: #1c2128; --accent: #4493f8; --user: #14243b; --assistant: #0d1117;
		--tool: #161b22; --error: #ff7b72; --error-bg: #3c1618; --summary: #3b2e00; --branch: #2f1a3d;
		--label: #0f3d1f; --label-fg: #7ee2a8; --target: #3b2e00;
		--add: #3fb950; --add-bg: #12261e; --del: #ff7b72; --del-bg: #3c1618;
		--hl-keyword: #ff7b72; --hl-string: #a5d6ff; --hl-number: #79c0ff; --hl-comment: #8b949e;
		--hl-title: #d2a8ff; --hl-type: #ffa657; --hl-attr: #79c0ff; --hl-meta: #8b949e;
	}
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body {
	margin: 0; padding: 1.5rem; line-height: 1.55; font-size: 15px;
	font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
a { color: var(--accent); }
code, pre { font-family: var(--mono); font-size: 0.88em; }
pre { margin: 0.5rem 0; padding: 0.6rem 0.8rem; background: var(--code-bg); border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
pre code { font-size: inherit; }
:not(pre) > code { background: var(--code-bg); padding: 0.1em 0.35em; border-radius: 4px; }
.muted { color: var(--muted); font-weight: normal; }
.session-header { max-width: 1400px; margin: 0 auto 1.25rem; border-bottom: 1px solid var(--border); padding-bottom: 1rem; }
.session-header h1 { margin: 0 0 0.6rem; font-size: 1.5rem; word-break: break-word; }
.session-meta { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 0.35rem 1.5rem; margin: 0; }
.session-meta div { min-width: 0; }
.session-meta dt { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
.session-meta dd { margin: 0; word-break: break-word; }
.toolbar { display: flex; gap: 0.5rem; margin-top: 0.8rem; flex-wrap: wrap; }
.toolbar[hidden] { display: none; }
button { font: inherit; font-size: 0.85rem; padding: 0.25rem 0.7rem; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); color: var(--fg); cursor: pointer; }
main { max-width: 1400px; margin: 0 auto; display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.5rem; }
@media (min-width: 1100px) {
	main { grid-template-columns: 340px minmax(0, 1fr); }
	.tree-panel { position: sticky; top: 1rem; max-height: calc(100vh - 2rem); overflow: auto; }
}
h2 { font-size: 1.05rem; margin: 0 0 0.6rem; }
.tree-panel { font-size: 0.85rem; border: 1px solid var(--border); border-radius: 8px; padding: 0.6rem 0.8rem; background: var(--panel); align-self: start; }
.tree-panel > details > summary { font-weight: 600; cursor: pointer; }
.tree-panel ul { list-style: none; margin: 0; padding: 0; }
.tree-branches { padding-left: 0.9rem !important; border-left: 1px dashed var(--border); margin: 0.2rem 0 0.2rem 0.3rem !important; }
.tree-branch > details > summary { cursor: pointer; color: var(--muted); font-size: 0.8rem; }
.branch-abandoned > details > summary { font-style: italic; }
.tree-node { padding: 0.08rem 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tree-node a { color: inherit; text-decoration: none; }
.tree-node a:hover .tree-text { text-decoration: underline; }
.tree-node.off-path { opacity: 0.7; }
.tree-node.on-path .tree-kind { color: var(--accent); }
.tree-node.leaf { font-weight: 600; }
.tree-kind { color: var(--muted); font-size: 0.78rem; }
.badge { display: inline-block; font-size: 0.72rem; padding: 0 0.4rem; border-radius: 999px; border: 1px solid var(--border); color: var(--muted); font-weight: normal; vertical-align: middle; }
.badge-label { background: var(--label); color: var(--label-fg); border-color: transparent; }
.badge-leaf { border-color: var(--accent); color: var(--accent); }
.badge-error { border-color: var(--error); color: var(--error); }
.transcript { min-width: 0; }
.entry { border: 1px solid var(--border); border-radius: 8px; margin: 0 0 0.8rem; background: var(--assistant); overflow: hidden; }
.entry:target { outline: 3px solid var(--accent); }
.entry-header { display: flex; gap: 0.5rem; align-items: baseline; flex-wrap: wrap; padding: 0.35rem 0.8rem; border-bottom: 1px solid var(--border); font-weight: 600; font-size: 0.9rem; }
.entry-header time { margin-left: auto; font-size: 0.78rem; }
.entry-body { padding: 0.5rem 0.8rem; min-width: 0; }
.entry-user { background: var(--user); }
.entry-tool-result, .entry-bash, .entry-custom { background: var(--tool); }
.entry-compaction { background: var(--summary); border-style: dashed; }
.entry-branch-summary { background: var(--branch); border-style: dashed; }
.entry.is-error { border-color: var(--error); }
.entry.compacted { opacity: 0.75; }
.error-message { color: var(--error); background: var(--error-bg); padding: 0.4rem 0.6rem; border-radius: 6px; margin: 0.4rem 0; white-space: pre-wrap; }
.status { color: var(--error); font-size: 0.85rem; }
.note { text-align: center; color: var(--muted); font-size: 0.82rem; margin: 0 0 0.8rem; }
.note:target { background: var(--target); }
.usage { font-size: 0.78rem; margin-top: 0.3rem; }
details > summary { cursor: pointer; }
.thinking, .output-details, .summary-details { margin: 0.4rem 0; }
.thinking > summary, .output-details > summary, .summary-details > summary { color: var(--muted); font-size: 0.85rem; }
.thinking > .markdown { border-left: 3px solid var(--border); padding-left: 0.7rem; color: var(--muted); }
.tool-call { margin: 0.5rem 0; }
.tool-call-name { font-family: var(--mono); font-size: 0.88rem; }
.tool-path { font-family: var(--mono); font-weight: 600; }
pre.diff code > span { display: inline-block; width: 100%; }
.diff-add { color: var(--add); background: var(--add-bg); }
.diff-del { color: var(--del); background: var(--del-bg); }
.hljs-keyword, .hljs-selector-tag, .hljs-tag, .hljs-name { color: var(--hl-keyword); }
.hljs-string, .hljs-regexp, .hljs-char, .hljs-link { color: var(--hl-string); }
.hljs-number, .hljs-literal, .hljs-symbol, .hljs-variable, .hljs-template-variable { color: var(--hl-number); }
.hljs-comment, .hljs-quote, .hljs-doctag { color: var(--hl-comment); font-style: italic; }
.hljs-title, .hljs-section { color: var(--hl-title); }
.hljs-type, .hljs-built_in, .hljs-class { color: var(--hl-type); }
.hljs-attr, .hljs-attribute, .hljs-property { color: var(--hl-attr); }
.hljs-meta { color: var(--hl-meta); }
.hljs-addition { color: var(--add); background: var(--add-bg); }
.hljs-deletion { color: var(--del); background: var(--del-bg); }
.markdown > :first-child { margin-top: 0; }
.markdown > :last-child { margin-bottom: 0; }
.markdown p { margin: 0.45rem 0; }
.markdown ul, .markdown ol { margin: 0.4rem 0; padding-left: 1.6rem; }
.markdown blockquote { margin: 0.5rem 0; padding-left: 0.8rem; border-left: 3px solid var(--border); color: var(--muted); }
.markdown h3, .markdown h4, .markdown h5, .markdown h6 { margin: 0.8rem 0 0.4rem; line-height: 1.3; }
.md-table { overflow-x: auto; }
.md-table table { border-collapse: collapse; margin: 0.5rem 0; }
.md-table th, .md-table td { border: 1px solid var(--border); padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
.image { display: block; max-width: 100%; max-height: 480px; margin: 0.4rem 0; border: 1px solid var(--border); border-radius: 6px; }
.image-invalid { color: var(--muted); font-style: italic; }
footer { max-width: 1400px; margin: 1.5rem auto 0; color: var(--muted); font-size: 0.8rem; text-align: center; }
@media print {
	.toolbar, .tree-panel { display: none; }
	main { display: block; }
	details:not([open]) > :not(summary) { display: block; }
}
`;

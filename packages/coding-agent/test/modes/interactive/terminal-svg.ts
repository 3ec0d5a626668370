import type { VirtualTerminal } from "@pi/tui/testing";

type CellColor = NonNullable<ReturnType<VirtualTerminal["getCell"]>>["fg"];

const BASE16 = [
	"#000000",
	"#cd3131",
	"#0dbc79",
	"#e5e510",
	"#2472c8",
	"#bc3fbc",
	"#11a8cd",
	"#e5e5e5",
	"#666666",
	"#f14c4c",
	"#23d18b",
	"#f5f543",
	"#3b8eea",
	"#d670d6",
	"#29b8db",
	"#ffffff",
];

/** The xterm 256-colour palette entry as #rrggbb. */
function paletteColor(index: number): string {
	if (index < 16) return BASE16[index] ?? "#ffffff";
	const hex = (value: number) => value.toString(16).padStart(2, "0");
	if (index >= 232) {
		const level = 8 + (index - 232) * 10;
		return `#${hex(level)}${hex(level)}${hex(level)}`;
	}
	const cube = index - 16;
	const steps = [0, 95, 135, 175, 215, 255];
	return `#${hex(steps[Math.floor(cube / 36)]!)}${hex(steps[Math.floor(cube / 6) % 6]!)}${hex(steps[cube % 6]!)}`;
}

function colorOf(color: CellColor, fallback: string): string {
	if (color.mode === "palette") return paletteColor(color.index);
	if (color.mode === "rgb") return `#${color.value.toString(16).padStart(6, "0")}`;
	return fallback;
}

function escapeXml(text: string): string {
	return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * Renders the visible screen of `terminal` as an SVG from its cell grid: one rect per run of
 * background colour, one text span per run of equal style, colours and bold/italic kept.
 */
export function terminalToSvg(terminal: VirtualTerminal, options: { title?: string } = {}): string {
	const cellWidth = 8.4;
	const cellHeight = 17;
	const foreground = "#d4d4d4";
	const background = "#1e1e1e";
	const width = Math.ceil(terminal.columns * cellWidth) + 20;
	const height = terminal.rows * cellHeight + 20;
	const parts: string[] = [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Menlo, Consolas, 'DejaVu Sans Mono', monospace" font-size="14">`,
		...(options.title ? [`<title>${escapeXml(options.title)}</title>`] : []),
		`<rect width="100%" height="100%" rx="6" fill="${background}"/>`,
	];
	for (let row = 0; row < terminal.rows; row++) {
		const y = 10 + row * cellHeight;
		let column = 0;
		while (column < terminal.columns) {
			const cell = terminal.getCell(row, column);
			if (!cell) break;
			const bg = colorOf(cell.bg, background);
			const fg = colorOf(cell.fg, foreground);
			const key = `${bg}|${fg}|${cell.bold}|${cell.italic}`;
			let text = "";
			let end = column;
			while (end < terminal.columns) {
				const next = terminal.getCell(row, end);
				if (!next) break;
				const nextKey = `${colorOf(next.bg, background)}|${colorOf(next.fg, foreground)}|${next.bold}|${next.italic}`;
				if (nextKey !== key) break;
				text += next.width === 0 ? "" : next.char || " ";
				end++;
			}
			const x = 10 + column * cellWidth;
			if (bg !== background) {
				parts.push(
					`<rect x="${x.toFixed(1)}" y="${y}" width="${((end - column) * cellWidth).toFixed(1)}" height="${cellHeight}" fill="${bg}"/>`,
				);
			}
			if (text.trim() !== "") {
				const weight = cell.bold ? ' font-weight="bold"' : "";
				const style = cell.italic ? ' font-style="italic"' : "";
				parts.push(
					`<text x="${x.toFixed(1)}" y="${y + 13}" fill="${fg}"${weight}${style} xml:space="preserve">${escapeXml(text)}</text>`,
				);
			}
			column = end;
		}
	}
	parts.push("</svg>");
	return `${parts.join("\n")}\n`;
}

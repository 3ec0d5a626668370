// The colour set of a theme, apart from theme.ts so the theme builders (system-theme.ts) need not import it.

/** The colours a theme sets: SGR parameters (`38;5;75`, `48;2;10;20;30`). */
export interface Palette {
	name: string;
	accent: string;
	muted: string;
	dim: string;
	success: string;
	error: string;
	warning: string;
	userBg: string;
	pendingBg: string;
	successBg: string;
	errorBg: string;
	thinking: string;
	levels: Record<string, string>;
	keyword: string;
	string: string;
	number: string;
	comment: string;
	fn: string;
	type: string;
}

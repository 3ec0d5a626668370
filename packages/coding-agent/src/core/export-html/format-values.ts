/**
 * Formats an ISO-8601 string or Unix ms as `YYYY-MM-DD HH:MM:SS UTC` (locale-independent, so
 * an export reads the same everywhere). Unparseable input is returned as given (or `unknown time`).
 */
export function formatTimestamp(value: string | number | undefined): string {
	if (value === undefined) return "unknown time";
	const date = new Date(value);
	if (Number.isNaN(date.getTime())) return typeof value === "string" && value ? value : "unknown time";
	return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** Formats a token count with thousands separators, e.g. `151,000`. */
export function formatTokenCount(tokens: number): string {
	return Math.round(tokens)
		.toString()
		.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats US dollars: four decimals below $1 (`$0.0042`), two above (`$12.50`). */
export function formatCost(dollars: number): string {
	return `$${dollars.toFixed(Math.abs(dollars) < 1 ? 4 : 2)}`;
}

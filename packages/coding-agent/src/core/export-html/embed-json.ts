/**
 * Serialises a value as JSON that is safe inside a `<script type="application/json">` element:
 * `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026` (so neither `</script` nor `<!--` can
 * appear), and U+2028/U+2029 are escaped as well. `JSON.parse(element.textContent)` returns the
 * original value.
 */
export function serializeJsonForScript(value: unknown): string {
	const json = JSON.stringify(value) ?? "null";
	return json.replace(
		/[<>&\u2028\u2029]/g,
		(character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
	);
}

/**
 * The named exports of a dynamically imported CommonJS package. Node exposes them on the module
 * namespace; a bundler may put them under `default` instead. `probe` is an export the caller needs.
 */
export function commonJsExports<T extends object>(namespace: T, probe: keyof T): T {
	if (probe in namespace) return namespace;
	const fallback = (namespace as { default?: T }).default;
	return fallback && typeof fallback === "object" ? fallback : namespace;
}

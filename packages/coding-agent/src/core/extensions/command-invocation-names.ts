/**
 * The names commands are invoked by, given their registered names in load order. A name one
 * extension registers stays as is; a name several register becomes `name:1`, `name:2`… by
 * occurrence (pi 1.4's rule), skipping any suffix another command already took.
 */
export function invocationNames(names: readonly string[]): string[] {
	const counts = new Map<string, number>();
	for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
	const seen = new Map<string, number>();
	const taken = new Set<string>();
	return names.map((name) => {
		const occurrence = (seen.get(name) ?? 0) + 1;
		seen.set(name, occurrence);
		let invocation = (counts.get(name) ?? 0) > 1 ? `${name}:${occurrence}` : name;
		for (let suffix = occurrence; taken.has(invocation); ) invocation = `${name}:${++suffix}`;
		taken.add(invocation);
		return invocation;
	});
}

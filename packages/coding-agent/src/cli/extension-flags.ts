import type { Args, ArgsDiagnostic } from "./args.js";

/** How an extension declared a flag (`registerFlag`). */
export interface ExtensionFlagDeclaration {
	name: string;
	type: "boolean" | "string";
}

/**
 * Matches the unknown flags against the flags extensions registered: a boolean flag gives back a
 * consumed next argument as a message (at its original position); a string flag needs a value.
 * Unmatched flags are errors (extensions.md §5, decided).
 */
export function resolveExtensionFlags(
	args: Args,
	declared: readonly ExtensionFlagDeclaration[],
): { values: Map<string, boolean | string>; diagnostics: ArgsDiagnostic[] } {
	const byName = new Map(declared.map((flag) => [flag.name, flag]));
	const values = new Map<string, boolean | string>();
	const diagnostics: ArgsDiagnostic[] = [];
	const unknown: string[] = [];
	let inserted = 0;
	for (const flag of args.unknownFlags) {
		const declaration = byName.get(flag.name);
		if (!declaration) {
			unknown.push(`--${flag.name}`);
			continue;
		}
		if (declaration.type === "boolean") {
			if (flag.inline) values.set(flag.name, flag.value !== "false" && flag.value !== "0");
			else {
				values.set(flag.name, true);
				if (flag.value !== undefined) {
					args.messages.splice(flag.messageIndex + inserted, 0, flag.value);
					inserted++;
				}
			}
		} else if (flag.value === undefined) {
			diagnostics.push({ type: "error", message: `--${flag.name} requires a value` });
		} else values.set(flag.name, flag.value);
	}
	// pi 1.4's one line for all of them, which scripts may match.
	if (unknown.length > 0) {
		const message = `Unknown option${unknown.length === 1 ? "" : "s"}: ${unknown.join(", ")}`;
		diagnostics.unshift({ type: "error", message });
	}
	return { values, diagnostics };
}

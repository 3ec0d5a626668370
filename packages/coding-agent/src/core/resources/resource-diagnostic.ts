/** Two resources of one kind with the same name: the first found is used, the other skipped. */
export interface ResourceCollision {
	resourceType: "skill" | "prompt";
	name: string;
	winnerPath: string;
	loserPath: string;
}

/**
 * A problem found while loading resources: reported, never thrown. A `collision` (pi 1.4's kind)
 * names the resource that was kept and the one that was skipped.
 */
export type ResourceDiagnostic =
	| { type: "warning" | "error"; message: string; path?: string }
	| { type: "collision"; message: string; path: string; collision: ResourceCollision };

/** The collision diagnostic pi 1.4 gives: `name "/greet" collision` for prompts, `name "x" collision` for skills. */
export function collisionDiagnostic(
	resourceType: ResourceCollision["resourceType"],
	name: string,
	winnerPath: string,
	loserPath: string,
): ResourceDiagnostic {
	return {
		type: "collision",
		message: `name "${resourceType === "prompt" ? "/" : ""}${name}" collision`,
		path: loserPath,
		collision: { resourceType, name, winnerPath, loserPath },
	};
}

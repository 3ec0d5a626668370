/** A problem found while loading resources: reported, never thrown. */
export interface ResourceDiagnostic {
	type: "warning" | "error";
	message: string;
	path?: string;
}

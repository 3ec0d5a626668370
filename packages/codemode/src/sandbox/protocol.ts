// Messages between pi (the host) and a sandbox worker. Values cross as JSON text, so a script
// only ever sees plain data.

/** One item of a script's output, in order. */
export type OutputItem =
	| { kind: "text"; text: string }
	| { kind: "image"; data: string; mimeType: string }
	| { kind: "console"; text: string };

/** Store writes of a successful script: keys set (to JSON values) and keys deleted. */
export interface StoreChanges {
	set: Record<string, unknown>;
	delete: string[];
}

/** What a script asks the host for. */
export type HostCallMethod = "tool" | "searchTools" | "describeTool" | "describeNamespace" | "models";

/** Host → worker. */
export type HostToWorker =
	| {
			type: "run";
			code: string;
			/** Callable tools: script identifier and real name. */
			tools: { identifier: string; name: string }[];
			/** `ALL_TOOLS`. */
			allTools: { name: string; description: string }[];
			/** The store along the session branch, as JSON text. */
			storeJson: string;
			memoryLimitBytes: number;
	  }
	/** Get ready for a script: compile QuickJS and create the VM the next run will use. */
	| { type: "warm"; memoryLimitBytes: number }
	| { type: "settle"; id: number; ok: true; valueJson: string }
	| { type: "settle"; id: number; ok: false; error: string };

/** Worker → host. */
export type WorkerToHost =
	| { type: "call"; id: number; method: HostCallMethod; name: string; argsJson: string }
	| { type: "output"; item: OutputItem }
	| { type: "done"; ok: true; store: StoreChanges }
	| { type: "done"; ok: false; error: string };

/**
 * A queued answer the mock cannot render (bad shape, responder threw). The server turns it into a
 * 500 in the vendor's error shape whose message starts with `llm-mock:`, so the test sees why.
 */
export class ScriptError extends Error {
	readonly code = "LLM_MOCK_SCRIPT_ERROR";

	constructor(message: string) {
		super(message);
		this.name = "ScriptError";
	}
}

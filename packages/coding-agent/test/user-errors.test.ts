import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionReplacementError } from "../src/core/agent-session/agent-session-runtime.js";
import { checkCanPrompt } from "../src/core/agent-session/input-expansion.js";
import { NothingToCompactError } from "../src/core/compaction/prepare-compaction.js";
import { SettingsManager, SettingsWriteError } from "../src/core/config/settings-manager.js";
import { ExportHtmlError } from "../src/core/export-html/export-session-html.js";
import { ModelsJsonError } from "../src/core/models/models-json.js";
import { InvalidSessionFileError } from "../src/core/session/session-file.js";
import { SessionManager } from "../src/core/session/session-manager.js";
import { isPiUserError, PiUserError } from "../src/core/user-error.js";
import { createFauxSession } from "../src/testing/faux-session.js";
import { useTempDirs } from "./support/temp-dir.js";

const tempDir = useTempDirs();

// Issue 15: a host tells a user mistake from a bug by one base class and a stable code.
describe("user mistakes thrown by the SDK", () => {
	it("share PiUserError with a stable code", () => {
		const errors: [PiUserError, string][] = [
			[new ModelsJsonError("/a/models.json", "providers.x.api", "is unknown"), "invalid_models_json"],
			[new SettingsWriteError("refused"), "settings_write_refused"],
			[new NothingToCompactError("Nothing to compact (session too small)"), "nothing_to_compact"],
			[new InvalidSessionFileError("/a/s.jsonl", "no header"), "invalid_session_file"],
			[new ExportHtmlError("in_memory_session", "Cannot export an in-memory session"), "in_memory_session"],
			[new SessionReplacementError("Session file not found: /x.jsonl"), "session_replacement_failed"],
		];
		for (const [error, code] of errors) {
			expect(isPiUserError(error), error.name).toBe(true);
			expect(error.code).toBe(code);
			expect(error.name).not.toBe("Error");
		}
	});

	it("refusing to overwrite a broken settings file is a PiUserError", () => {
		const agentDir = tempDir();
		writeFileSync(join(agentDir, "settings.json"), "{ not json");
		const settings = SettingsManager.create(tempDir(), agentDir);
		const attempt = (): void => settings.updateGlobal({ defaultModel: "x" });
		expect(attempt).toThrow(SettingsWriteError);
		expect(attempt).toThrow(PiUserError);
	});

	it("exporting an in-memory session is a PiUserError", async () => {
		const { session } = await createFauxSession({ sessionManager: SessionManager.inMemory() });
		const thrown = await session.exportToHtml().catch((error: unknown) => error);
		expect(isPiUserError(thrown)).toBe(true);
		session.dispose();
	});

	it("prompting without a model or without a key rejects with a PiUserError", async () => {
		const noModel = await checkCanPrompt(undefined, async () => true).catch((error: unknown) => error);
		expect(noModel).toBeInstanceOf(PiUserError);
		expect(noModel).toMatchObject({
			code: "no_model_selected",
			message: expect.stringMatching(/^No model selected\. /),
		});
		const model = (await createFauxSession()).faux.getModel();
		const noKey = await checkCanPrompt(model, async () => false).catch((error: unknown) => error);
		expect(noKey).toMatchObject({
			code: "no_api_key",
			message: expect.stringMatching(/^No API key found for faux\. /),
		});
		expect(isPiUserError(noKey)).toBe(true);
		// A stored sign-in that fails to refresh says why, not "no API key".
		const failed = await checkCanPrompt(model, async () => ({ failed: "OAuth refresh failed: offline" })).catch(
			(error: unknown) => error,
		);
		expect(failed).toMatchObject({ code: "credential_failed", message: "OAuth refresh failed: offline" });
	});
});

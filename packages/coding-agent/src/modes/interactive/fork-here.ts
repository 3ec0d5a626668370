import { resolve } from "node:path";
import { SessionManager } from "../../core/session/session-manager.js";
import type { InteractiveAppView } from "./interactive-app-view.js";

/**
 * `--session` of another project: asks whether to fork it into the folder pi was started in
 * (a copy there, the original untouched) or to continue it in its own folder.
 */
export async function offerForkHere(app: InteractiveAppView, launchCwd: string | undefined): Promise<void> {
	const here = resolve(launchCwd ?? process.cwd());
	const manager = app.session.sessionManager;
	const source = manager.getSessionFile();
	const sessionCwd = resolve(manager.getCwd());
	if (!source || sessionCwd === here || app.session.messages.length === 0) return;
	const fork = `Fork it into ${here}`;
	const answer = await app.uiContext.select(`This session belongs to ${sessionCwd}.`, [
		fork,
		`Continue it in ${sessionCwd}`,
	]);
	if (answer !== fork) return;
	await app.runAction(async () => {
		const configuredDir = app.session.settingsManager.getSessionDir();
		const copy = SessionManager.forkFrom(source, here, configuredDir);
		const file = copy.getSessionFile();
		copy.close();
		if (!file) throw new Error("The forked session could not be saved.");
		await app.runtime.switchSession(file, { cwdOverride: here });
		app.showNotice(app.theme.muted(`Forked into ${here}.`));
	});
}

import { adoptSignedInModel } from "../../core/auth/adopt-signed-in-model.js";
import { type SignInEvent, type SignInMethod, signIn } from "../../core/auth/sign-in.js";
import { PiUserError } from "../../core/user-error.js";
import type { InteractiveAppView } from "./interactive-app-view.js";

function describe(event: SignInEvent): string {
	switch (event.type) {
		case "auth_url":
			return `Open this address to sign in:\n${event.url}\n${event.instructions}`;
		case "device_code":
			return `Open ${event.verificationUri} and enter the code ${event.userCode} (valid ${Math.round(event.expiresInSeconds / 60)} minutes).`;
		case "progress":
			return event.message;
	}
}

/**
 * A subscription sign-in from /login: the address (or device code) goes to the transcript, a
 * dialog takes a pasted address when the browser runs elsewhere (Esc cancels the sign-in), and
 * the dialog closes by itself when the browser comes back. Tokens never reach the screen.
 */
export async function runTuiSignIn(app: InteractiveAppView, providerId: string, method?: SignInMethod): Promise<void> {
	const flow = new AbortController();
	const dialog = new AbortController();
	try {
		const result = await signIn(
			app.session.modelRuntime.authStorage,
			providerId,
			{
				signal: flow.signal,
				onEvent: (event) => app.showNotice(app.theme.muted(describe(event))),
				readManualInput: async (prompt) => {
					const answer = await app.uiContext.input(prompt, "address or code (Esc cancels)", { signal: dialog.signal });
					if (answer === undefined) {
						if (!dialog.signal.aborted) flow.abort();
						return new Promise<string>(() => {});
					}
					return answer;
				},
			},
			{ modelRuntime: app.session.modelRuntime, method },
		);
		dialog.abort();
		const model = await adoptSignedInModel(app.session, providerId);
		app.refreshEditorChrome();
		app.showNotice(
			app.theme.muted(`Signed in to ${result.name}.${model ? ` Model: ${model.provider}/${model.id}` : ""}`),
		);
	} catch (error) {
		dialog.abort();
		if (!(error instanceof PiUserError)) throw error;
		app.showNotice(app.theme.error(error.message));
	}
}

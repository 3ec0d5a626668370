// Runs before every test file (vitest.config.ts setupFiles). A developer's shell, or a CI job that
// holds live-test secrets, must not change what the unit tests see: a provider key in the
// environment makes that provider's built-in models available (cycleModel, get_available_models
// and the footer then show them beside the faux ones), and PI_* variables move the agent dir,
// the session dir or turn on offline mode. Tests that need such a variable set it themselves.
const AMBIENT = /(_API_KEY|_OAUTH_TOKEN|_AUTH_TOKEN|^PI_|^OPENAI_|^ANTHROPIC_|^GEMINI_|^GOOGLE_|^AWS_|^AZURE_)/;

// PI_WRITE_SCREENS only asks screens.test.ts to write the docs' images; it changes no behaviour.
const KEPT = new Set(["PI_WRITE_SCREENS"]);

for (const name of Object.keys(process.env)) if (AMBIENT.test(name) && !KEPT.has(name)) delete process.env[name];

// pi 1.4's keybindings.json and theme files in the real terminal UI (tmux), written here from 1.4's
// documented formats (issue 24).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./interactive-tmux.js";
import { useTmuxSession } from "./tmux-session.js";

const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn("pi 1.4 TUI e2e tests skipped: tmux is not installed");

describe.skipIf(!tmuxAvailable)("a pi 1.4 agent directory in the terminal UI (tmux)", () => {
	const session = useTmuxSession({ columns: 110, rows: 100 });

	function writeTheme(): void {
		mkdirSync(join(session.env.agentDir, "themes"));
		writeFileSync(
			join(session.env.agentDir, "themes", "forest.json"),
			JSON.stringify({
				$schema: "https://pi.dev/schemas/theme.schema.json",
				name: "forest",
				appearance: "dark",
				vars: { canopy: "#203040", leaf: "okhsl(140 70% 60%)" },
				colors: { accent: "leaf", userMessageBg: "canopy", text: "", mdHeading: "leaf", thinkingMax: 201 },
				export: { pageBg: "#000000" },
			}),
		);
	}

	it("keybindings.json with 1.4's action ids rebinds the keys, and /hotkeys shows them", async () => {
		writeFileSync(
			join(session.env.agentDir, "keybindings.json"),
			JSON.stringify({
				$schema: "https://pi.dev/schemas/keybindings.schema.json",
				"app.tools.expand": "ctrl+e",
				"app.model.select": ["ctrl+k"],
				"app.session.new": "ctrl+shift+n",
			}),
		);
		const pi = session.start();
		const header = await pi.waitFor("mock-model");
		expect(header).not.toContain("keybindings.json");
		// The header's key hints name the rebound keys.
		expect(header).toContain("Ctrl+E tools");
		expect(header).toContain("Ctrl+K model");
		pi.type("/hotkeys");
		pi.keys("Enter");
		const screen = await pi.waitFor("app.tools.expand");
		const line = (action: string) => screen.split("\n").find((text) => text.includes(action)) ?? "";
		expect(line("app.tools.expand")).toContain("ctrl+e");
		expect(line("app.model.select")).toContain("ctrl+k");
		// The rebound key works: Ctrl+K opens the model selector.
		pi.keys("C-k");
		await pi.waitFor("Select a model");
	});

	it("a 1.4 theme file is drawn with its colours; --use-theme overrides the setting for one run", async () => {
		writeTheme();
		session.env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", theme: "forest" });
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "themed answer" }] });
		let pi = session.start([], { extraEnv: { NO_COLOR: "" } });
		const header = await pi.waitFor("mock-model");
		expect(header).not.toContain("forest");
		pi.type("paint it");
		pi.keys("Enter");
		await pi.waitFor("themed answer");
		const row = pi
			.styledScreen()
			.split("\n")
			.find((text) => text.includes("paint it"));
		expect(row).toContain("48;2;32;48;64");
		pi.kill();
		pi = session.start(["--use-theme", "light"], { extraEnv: { NO_COLOR: "" } });
		await pi.waitFor("mock-model");
		pi.type("/settings");
		pi.keys("Enter");
		const settings = await pi.waitFor("↑↓ select");
		expect(settings).toMatch(/Theme\s+light/);
	});

	it("a light/dark pair follows the background the terminal reports (OSC 11)", async () => {
		mkdirSync(join(session.env.agentDir, "themes"));
		for (const [name, background] of [
			["sun", "#f0e0d0"],
			["moon", "#203040"],
		] as const) {
			writeFileSync(
				join(session.env.agentDir, "themes", `${name}.json`),
				JSON.stringify({ name, colors: { userMessageBg: background } }),
			);
		}
		session.env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", theme: "sun/moon" });
		const userRow = async (windowStyle: string, answer: string) => {
			session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: answer }] });
			// COLORFGBG says dark: the terminal's own answer must win over it.
			const pi = session.start([], { windowStyle, extraEnv: { NO_COLOR: "", COLORFGBG: "15;0" } });
			await pi.waitFor("mock-model");
			pi.type(`ask ${answer}`);
			pi.keys("Enter");
			await pi.waitFor(answer);
			const row = pi
				.styledScreen()
				.split("\n")
				.find((text) => text.includes(`ask ${answer}`));
			pi.kill();
			return row;
		};
		expect(await userRow("bg=#f8f8f8,fg=#101010", "light-answer")).toContain("48;2;240;224;208");
		expect(await userRow("bg=#101010,fg=#f8f8f8", "dark-answer")).toContain("48;2;32;48;64");
	});

	it("the system theme takes its colours from the terminal's palette (OSC 4) and background (OSC 11)", async () => {
		session.env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", theme: "system" });
		// tmux (3.3) answers the queries of colours 0-7 only; blue (4) is readable on the background as it is.
		const palette = ["#000000", "#aa3333", "#33aa33", "#aaaa33", "#33aaff", "#aa33aa", "#33aaaa", "#cccccc"];
		const bright = ["#555555", "#ff5f5f", "#5fff5f", "#ffff5f", "#5f5fff", "#ff5fff", "#5fffff", "#ffffff"];
		session.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "# Palette heading\n\nbody text" }] });
		const pi = session.start([], {
			windowStyle: "bg=#101010,fg=#f8f8f8",
			paneColours: [...palette, ...bright],
			extraEnv: { NO_COLOR: "" },
		});
		await pi.waitFor("mock-model");
		pi.type("show the palette");
		pi.keys("Enter");
		await pi.waitFor("body text");
		const heading = pi
			.styledScreen()
			.split("\n")
			.find((text) => text.includes("Palette heading"));
		// The heading is drawn in the accent: the terminal's blue, not pi's own.
		expect(heading).toContain("38;2;51;170;255");
		pi.kill();
	});
});

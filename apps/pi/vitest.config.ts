import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		exclude: ["test/**/*.live.test.ts", "node_modules/**"],
		pool: "threads",
		// Every spawned pi finds a compile cache earlier runs wrote, as on a user's machine.
		globalSetup: ["test/support/warm-cache.ts"],
		// Every test here spawns the built pi (several, for some) and waits for it; CI runs all the
		// packages' suites at once on 2 cores. afterEach waits for a tmux pane's pi to exit too.
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});

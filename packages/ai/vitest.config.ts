import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		exclude: ["test/**/*.live.test.ts", "node_modules/**"],
		pool: "threads",
		// Sized for a loaded 2-core machine: the first request of a conformance file imports its vendor
		// SDK cold (Mistral's took 23 s at load 19), and a quiet run never comes near it.
		testTimeout: 60_000,
	},
});

import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		exclude: ["test/**/*.live.test.ts", "node_modules/**"],
		pool: "threads",
		testTimeout: 20_000,
	},
});

import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		testTimeout: 30_000,
		// beforeAll packs every package, npm-installs the tarballs (their registry dependencies too, on a
		// clean CI machine) and type-checks: 58 s here on a loaded box with a warm npm cache.
		hookTimeout: 300_000,
	},
});

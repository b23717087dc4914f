import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "cli",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The integration tests start the real binary, which compiles its TypeScript on start-up.
    testTimeout: 30_000,
  },
});

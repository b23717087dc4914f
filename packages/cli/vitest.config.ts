import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "cli",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The integration tests start the real binary (which rebuilds its bundle first when a source changed).
    testTimeout: 30_000,
  },
});

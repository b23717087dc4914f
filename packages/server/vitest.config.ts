import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/support/stop-test-cluster.ts"],
    // A guard against a hang, not a measure: real servers, SQLite files and child processes share two
    // cores with the rest of the suite, and a test that takes 2 s alone can take 6 s there.
    testTimeout: 20_000,
  },
});

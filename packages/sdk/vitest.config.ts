import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sdk",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The real-server tests' first one loads the whole server under tsx: seconds on a loaded 2-core machine.
    testTimeout: 20_000,
  },
});

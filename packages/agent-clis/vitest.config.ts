import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "agent-clis",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The real CLIs take a few seconds each to start (OpenCode's and Gemini's runtimes are large).
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});

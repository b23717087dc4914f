import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "tui",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    // The terminal tests start the real `parley` in a pseudo-terminal, which compiles TypeScript on start-up.
    testTimeout: 30_000,
  },
});

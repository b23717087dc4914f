import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "testkit",
    pool: "threads",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});

import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sdk",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});

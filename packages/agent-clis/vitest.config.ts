import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "agent-clis",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});

import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "react",
    // The hooks render in jsdom against a real Parley server (HTTP and SSE from Node's fetch).
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    // Each test starts a real server; on a busy machine that alone can take seconds.
    testTimeout: 30_000,
  },
});

import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    environment: "jsdom",
    // Component tests (jsdom) and the browser tests in e2e/, which run in Node (each file says so in a
    // `@vitest-environment node` docblock) against the real server and Debian's Chromium.
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}", "e2e/**/*.test.ts"],
    setupFiles: ["./e2e/support/setup-by-environment.ts"],
    // Builds dist/ once per run when the UI's sources are newer, so the browser tests load the current UI.
    globalSetup: ["./e2e/support/build-web-ui.ts"],
  },
});

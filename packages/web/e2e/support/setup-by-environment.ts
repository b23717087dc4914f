/**
 * The web project's setup file. Component tests run in jsdom and get `test/setup.ts` (cleanup, matchMedia);
 * the browser tests (`e2e/`, `@vitest-environment node`) drive a real Chromium and have no DOM of their own.
 */
if (typeof window !== "undefined") await import("../../test/setup.ts");

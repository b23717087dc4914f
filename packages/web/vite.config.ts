import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Where `npm run dev` sends API calls: a running `parley serve` (its default port unless PARLEY_DEV_SERVER says). */
const apiTarget = process.env.PARLEY_DEV_SERVER ?? "http://127.0.0.1:4780";

/**
 * The production build goes to `dist/` with content-hashed assets; the server serves it at `/` under a strict
 * CSP, so the build emits no inline scripts and loads nothing from other origins.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // An inlined asset becomes a data: URL; keep everything as files so the CSP stays the whole story.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // React DOM alone is ~200 kB of the ~500 kB main chunk; the highlighter is split off and loaded on demand.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      // The server checks Host and Origin, so the dev proxy presents itself as the server's own origin.
      "/api": { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
      "/auth": { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
    },
  },
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The Parley server to embed (`parley serve`'s default address unless PARLEY_URL says). */
const parleyUrl = process.env.PARLEY_URL ?? "http://127.0.0.1:4780";
/** Parley's API token (`PARLEY_TOKEN=… parley serve` fixes it): added here, so it never reaches the browser. */
const token = process.env.PARLEY_TOKEN;

// The page talks to its own origin and Vite forwards /api to Parley with the token, the way a product's
// backend would. Parley checks Host and Origin, so the forwarded request presents Parley's own origin.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": {
        target: parleyUrl,
        changeOrigin: true,
        headers: { origin: parleyUrl, ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      },
    },
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The server's tests run twice: on SQLite files (`server`) and on PostgreSQL (`server-postgres`).
    projects: ["packages/*", "packages/server/vitest.postgres.config.ts"],
  },
});

import { configDefaults, defineProject, mergeConfig } from "vitest/config";
import server from "./vitest.config.ts";

/**
 * The server's tests again with every test server on PostgreSQL (`PARLEY_TEST_DATABASE=postgres`: a
 * throwaway cluster per test file, see test/support/test-database.ts). Left out: unit tests under src/
 * (no server), the suites that already run on PostgreSQL in the `server` project (store contract,
 * several instances, postgres-*), those that open a SQLite file directly to test SQLite itself (files
 * an older Parley wrote, the WAL's checkpoints), and the three that drive the real agent CLIs: they take 11
 * of CI's minutes on PostgreSQL for the CLIs' own starts, while what they store (sessions, the model a CLI
 * reports, approvals) is the same store code the store contract and the other suites run there.
 */
export default mergeConfig(
  server,
  defineProject({
    test: {
      name: "server-postgres",
      env: { PARLEY_TEST_DATABASE: "postgres" },
      exclude: [
        ...configDefaults.exclude,
        "src/**",
        "test/store-contract.test.ts",
        "test/several-instances*.test.ts",
        "test/postgres-*.test.ts",
        "test/event-log-migration.test.ts",
        "test/stored-texts.test.ts",
        "test/token-rows.test.ts",
        "test/wal-checkpoints.test.ts",
        "test/acp-agent-backends.test.ts",
        "test/agent-cli-backends.test.ts",
        "test/agent-cli-project-folder.test.ts",
      ],
    },
  }),
);

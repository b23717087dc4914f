import { afterAll, beforeAll, describe, it } from "vitest";
import { postgresMissing, stopTestCluster, testCluster } from "./test-database.ts";

/**
 * Runs another test file's tests with their servers on PostgreSQL (one throwaway cluster for the file):
 * `await onPostgres(() => import("./crash.test.ts"))`. Where no PostgreSQL server is installed, says so
 * loudly and skips.
 */
export async function onPostgres(load: () => Promise<unknown>): Promise<void> {
  const missing = postgresMissing();
  if (missing !== undefined) {
    console.warn(`SKIPPING tests on PostgreSQL: ${missing}`);
    describe.skip(`on PostgreSQL (${missing})`, () => it("runs on PostgreSQL", () => {}));
    return;
  }
  process.env.PARLEY_TEST_DATABASE = "postgres";
  // Started before the first test, so no test's own time limit includes it.
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => {
    delete process.env.PARLEY_TEST_DATABASE;
    stopTestCluster();
  });
  await load();
}

import { findPostgresBinaries, type PostgresCluster, startPostgresCluster } from "@parley/testkit";

/**
 * Which database test servers use: SQLite files by default; with `PARLEY_TEST_DATABASE=postgres`, one
 * PostgreSQL database per Parley home (a restarted server finds its data again) in a throwaway cluster
 * started once per test file and stopped when it ends.
 */
export function usesPostgres(): boolean {
  return process.env.PARLEY_TEST_DATABASE === "postgres";
}

let cluster: PostgresCluster | undefined;
const databases = new Map<string, string>();

/** The test file's PostgreSQL cluster, started on first use and stopped when the test process exits. */
export async function testCluster(): Promise<PostgresCluster> {
  if (cluster === undefined) {
    cluster = await startPostgresCluster();
    const started = cluster;
    process.once("exit", () => started.stop());
  }
  return cluster;
}

/** Stops the test file's cluster (its databases go with it). */
export function stopTestCluster(): void {
  cluster?.stop();
  cluster = undefined;
  databases.clear();
}

/** The environment a test server gets for its database: a PostgreSQL URL for `home`, or nothing. */
export async function testDatabaseEnv(home: string): Promise<Record<string, string>> {
  if (!usesPostgres()) return {};
  let url = databases.get(home);
  if (url === undefined) {
    url = (await testCluster()).createDatabase();
    databases.set(home, url);
  }
  return { PARLEY_DATABASE_URL: url };
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
  const found = findPostgresBinaries();
  return "missing" in found ? found.missing : undefined;
}

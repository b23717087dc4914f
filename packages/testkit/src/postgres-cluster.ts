import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A throwaway PostgreSQL server for tests: its own data directory, on a free loopback port. */
export interface PostgresCluster {
  /** A URL of the cluster's `postgres` database, for `CREATE DATABASE`. */
  adminUrl: string;
  /** Creates an empty database and returns its URL (one per test keeps tests apart). */
  createDatabase(): string;
  /** Stops the server at once and deletes its data. */
  stop(): void;
  /** Stops the server, ending every connection and keeping its data: the database goes away under its clients. */
  pause(): void;
  /** Starts the paused server again on the same port, and returns once it accepts connections. */
  resume(): void;
}

/** Where PostgreSQL's server programs are, or why none was found (tests that need it say so and skip). */
export function findPostgresBinaries(): { directory: string } | { missing: string } {
  const fromPath = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates = [
    ...(fromPath.status === 0 ? [fromPath.stdout.trim()] : []),
    ...installedDebianVersions().map((version) => `/usr/lib/postgresql/${version}/bin`),
  ];
  const directory = candidates.find((candidate) => existsSync(join(candidate, "initdb")));
  if (directory !== undefined) return { directory };
  return {
    missing:
      "no PostgreSQL server programs found (install Debian's `postgresql` package or put initdb on PATH)",
  };
}

function installedDebianVersions(): string[] {
  if (!existsSync("/usr/lib/postgresql")) return [];
  return readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
}

/**
 * Starts a PostgreSQL server in a temporary directory: trust authentication on 127.0.0.1 only, durability
 * off (a test's data is thrown away). PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` user. Takes about a second.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const found = findPostgresBinaries();
  if ("missing" in found) throw new Error(found.missing);
  const program = (name: string) => join(found.directory, name);
  const directory = mkdtempSync(join(tmpdir(), "parley-pg-"));
  const dataDirectory = join(directory, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const user = execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim();
    const group = execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim();
    chownSync(directory, Number(user), Number(group));
  }
  const run = (name: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", program(name), ...args], { stdio: "pipe" })
      : execFileSync(program(name), args, { stdio: "pipe" });
  run("initdb", ["-D", dataDirectory, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${directory}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const start = () =>
    run("pg_ctl", ["-D", dataDirectory, "-o", options, "-l", join(directory, "log"), "-w", "start"]);
  const stopNow = () => run("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"]);
  start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const psql = (sql: string) =>
    run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-c", sql]);
  let stopped = false;
  return {
    adminUrl,
    createDatabase() {
      const name = `parley_${randomBytes(6).toString("hex")}`;
      psql(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        stopNow();
      } catch {
        // Paused already: there is no server to stop.
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
    pause() {
      // A fast stop ends every connection as a lost database does, but first writes out what was committed:
      // with synchronous_commit off (for speed), an immediate stop would drop the last commits, which no real
      // PostgreSQL with its default settings loses.
      run("pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "stop"]);
    },
    resume() {
      start();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { testCluster } from "./test-database.ts";
import { makeDirectories, startTestServer, type TestServer, type TestServerOptions } from "./test-server.ts";

/** Several servers for one project sharing one PostgreSQL database, each with its own home. */
export interface ServersOnOneDatabase {
  servers: TestServer[];
  fake: FakeModelServer;
  url: string;
  /** The folder holding the project and the homes. */
  root: string;
  /** Stops every server and the fake model, and deletes the folders. */
  close(): Promise<void>;
}

/** Starts `count` servers (home-a, home-b, …) on a new database of the test file's cluster. */
export async function startServersOnOneDatabase(
  count: number,
  options: Pick<TestServerOptions, "env" | "mcp"> = {},
): Promise<ServersOnOneDatabase> {
  const url = (await testCluster()).createDatabase();
  const fake = await startFakeModelServer();
  const directories = makeDirectories();
  const root = join(directories.project, "..");
  const servers: TestServer[] = [];
  for (let index = 0; index < count; index++) {
    const home = join(root, `home-${String.fromCharCode(97 + index)}`);
    mkdirSync(home, { recursive: true });
    servers.push(
      await startTestServer({
        fake,
        directories: { project: directories.project, home },
        env: { PARLEY_DATABASE_URL: url, ...options.env },
        ...(options.mcp && { mcp: options.mcp }),
      }),
    );
  }
  return {
    servers,
    fake,
    url,
    root,
    close: async () => {
      for (const server of servers) await server.close();
      await fake.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

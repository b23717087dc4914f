import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { McpServerListSchema, type McpServerView } from "@parley/protocol";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import { type ServersOnOneDatabase, startServersOnOneDatabase } from "./support/servers-on-one-database.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";
import type { TestServer } from "./support/test-server.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the several-instances MCP test: ${missing}`);

/** The project's server named `name` as `server` lists it, once its servers have settled. */
async function listed(server: TestServer, name: string): Promise<McpServerView | undefined> {
  const response = await server.request("GET", "/api/mcp/servers");
  await decodeResponse(response, McpServerListSchema);
  await server.server.context.mcp.settled();
  const again = await decodeResponse(await server.request("GET", "/api/mcp/servers"), McpServerListSchema);
  return again.servers.find((candidate) => candidate.name === name && candidate.source === "project");
}

describe.skipIf(missing !== undefined)("MCP decisions with two servers on one database", () => {
  let cluster: ServersOnOneDatabase | undefined;
  afterEach(async () => {
    await cluster?.close();
    cluster = undefined;
  });

  it("a .mcp.json server approved on A starts on B too, and turned off on B stops on A", async () => {
    cluster = await startServersOnOneDatabase(2, { mcp: { timeouts: { startupMs: 10_000 } } });
    const [a, b] = cluster.servers as [TestServer, TestServer];
    writeFileSync(
      join(a.directories.project, ".mcp.json"),
      JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [FIXTURE_MCP_SERVER] } } }),
    );
    const pending = await listed(b, "fixture");
    expect(pending).toMatchObject({ status: "needs_approval", consent: { decision: "pending" } });

    const digest = (await listed(a, "fixture"))?.consent?.digest;
    await a.json("POST", "/api/mcp/servers/fixture/approve", { digest });
    await a.server.context.mcp.settled();
    expect(await listed(a, "fixture")).toMatchObject({ status: "connected" });
    // B never asked: the person's approval on A counts on B, whose server starts.
    expect(await listed(b, "fixture")).toMatchObject({
      status: "connected",
      consent: { decision: "approved" },
    });

    await b.json("PATCH", "/api/mcp/servers/fixture", { enabled: false });
    expect(await listed(b, "fixture")).toMatchObject({ status: "disabled" });
    expect(await listed(a, "fixture")).toMatchObject({ status: "disabled" });
    expect(a.server.context.mcp.connections()).toEqual([]);
  }, 30_000);
});

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${{ … }} is the workflow reference syntax
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WorkflowExecutionView } from "@parley/protocol";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventStream } from "./support/event-stream.ts";
import { waitForRich } from "./support/interactions.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";
import { step, waitForWorkflow, writeWorkflow } from "./support/workflows.ts";

describe("a workflow tool step that calls an MCP tool", () => {
  let server: TestServer;
  let events: EventStream;
  const directories = makeDirectories();

  beforeAll(async () => {
    writeFileSync(
      join(directories.home, "mcp.json"),
      JSON.stringify({ mcpServers: { fixture: { command: process.execPath, args: [FIXTURE_MCP_SERVER] } } }),
    );
    server = await startTestServer({ directories, mcp: { timeouts: { startupMs: 10_000, callMs: 30_000 } } });
    await server.server.context.mcp.settled();
    events = await server.events();
  });
  afterAll(async () => {
    await events.close();
    await server.dispose();
  });

  it("calls it by its mcp__server__tool name with the inputs filled in, asking first like the agent's calls", async () => {
    writeWorkflow(
      directories.project,
      "wipe-table",
      "name: wipe-table\ninputs:\n  word: { type: string }\nsteps:\n  - id: wipe\n    tool: mcp__fixture__wipe\n    with: { table: '${{ inputs.word }}' }\n",
    );
    const started = await server.json<WorkflowExecutionView>("POST", "/api/workflows/wipe-table/executions", {
      inputs: { word: "words" },
    });
    const card = await waitForRich(
      events,
      "MCPToolRequest",
      (data, event) => event.session_id === started.session_id && data.approval_status === "Pending",
    );
    await server.json("POST", `/api/approvals/${card.data.approval_id}`, { decision: "approve" });
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "wipe")).toMatchObject({ kind: "tool", status: "completed", output: "wiped words" });
  });
});

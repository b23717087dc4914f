import type { McpServerView } from "@parley/protocol";
import { describe, expect, it, vi } from "vitest";
import { KEY, renderInTerminal, settle } from "../../test/render.tsx";
import { ServicesProvider, type TuiServices } from "../store/services.tsx";
import { McpConsentNotice } from "./mcp-consent-notice.tsx";
import { McpReview } from "./mcp-review.tsx";

const DIGEST = "a".repeat(64);

function entry(name: string, status: McpServerView["status"], overrides: Partial<McpServerView> = {}) {
  return {
    name,
    source: "project",
    file: "/project/.mcp.json",
    transport: "stdio",
    config: {},
    launch: {
      transport: "stdio",
      command: "node",
      args: ["server.mjs", "--port 3"],
      env: { NODE_OPTIONS: "--require ./x.cjs" },
      cwd: "/project",
    },
    variables: [{ name: "ANTHROPIC_API_KEY", fields: ["env.KEY"], set: true, withheld: true }],
    consent: { digest: DIGEST, changes: [{ field: "command", before: "deno", after: "node" }] },
    status,
    tools: [],
    prompts: [],
    has_resources: false,
    restarts: 0,
    ...overrides,
  } as McpServerView;
}

function review(waiting: McpServerView[]) {
  const decideMcpServer = vi.fn(async () => waiting[0]);
  const onDecided = vi.fn();
  const store = { client: { decideMcpServer } } as unknown as TuiServices["store"];
  const services = {
    store,
    workflows: {} as TuiServices["workflows"],
    missions: {} as TuiServices["missions"],
    projectRoot: "/project",
  };
  const view = renderInTerminal(
    <ServicesProvider services={services}>
      <McpReview waiting={waiting} onDecided={onDecided} onClose={() => {}} />
    </ServicesProvider>,
  );
  return { ...view, decideMcpServer, onDecided };
}

describe("a project's MCP servers waiting for the person", () => {
  it("says above the message box which servers ask to start and which are named like the person's own", () => {
    const { frame } = renderInTerminal(
      <McpConsentNotice waiting={[entry("docs", "needs_approval"), entry("shared", "shadowed")]} />,
    );
    expect(frame()).toContain("This project's .mcp.json asks to start 1 MCP server: docs.");
    expect(frame()).toContain("It does not run until you approve it.");
    expect(frame()).toContain("also names shared like your own server; yours is used.");
    expect(frame()).toContain("/mcp reviews them.");
  });

  it("shows everything an entry would run, as written, and what changed since it was approved", () => {
    const { frame } = review([entry("docs", "needs_approval")]);
    expect(frame()).toContain('node server.mjs "--port 3"');
    expect(frame()).toContain("env NODE_OPTIONS");
    expect(frame()).toContain("--require ./x.cjs");
    expect(frame()).toContain("a Parley secret: never passed on");
    expect(frame()).toContain("changed command");
    expect(frame()).toContain("deno → node");
  });

  it("approves with a and rejects with r, naming the entry's digest", async () => {
    const { press, decideMcpServer, onDecided, frame } = review([
      entry("docs", "needs_approval"),
      entry("db", "needs_approval"),
    ]);
    await press("a");
    expect(decideMcpServer).toHaveBeenCalledWith("docs", "approve", DIGEST);
    expect(onDecided).toHaveBeenCalled();
    expect(frame()).toContain("Approved docs: it starts now.");

    await press(KEY.right, "r");
    expect(decideMcpServer).toHaveBeenLastCalledWith("db", "reject", DIGEST);
  });

  it("only rejects an entry named like the person's own server (theirs stays in use)", async () => {
    const { press, decideMcpServer, frame } = review([entry("shared", "shadowed")]);
    await settle();
    expect(frame()).toContain("r reject (yours stays in use)");
    await press("a");
    expect(decideMcpServer).not.toHaveBeenCalled();
    await press("r");
    expect(decideMcpServer).toHaveBeenCalledWith("shared", "reject", DIGEST);
  });
});

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { McpServersSection } from "../src/settings/mcp-servers-section.tsx";
import { FakeSettingsApi } from "./fake-settings-api.ts";

function projectServer(): FakeSettingsApi["mcp"]["servers"][number] {
  return {
    name: "repo-tools",
    source: "project",
    file: "/work/app/.mcp.json",
    transport: "stdio",
    config: { command: "node", args: ["tools/mcp.js"], env: { NODE_OPTIONS: "--require ./hook.cjs" } },
    launch: {
      transport: "stdio",
      command: "node",
      args: ["tools/mcp.js"],
      env: { NODE_OPTIONS: "--require ./hook.cjs" },
      cwd: "/work/app",
    },
    variables: [],
    consent: { decision: "pending", digest: "a".repeat(64) },
    status: "needs_approval",
    error: "/work/app/.mcp.json asks to start this server; review what it runs, then approve or reject it",
    tools: [],
    prompts: [],
    has_resources: false,
    restarts: 0,
  };
}

describe("MCP servers in Settings", () => {
  it("shows what a project server would run and starts it only when the person approves", async () => {
    const api = new FakeSettingsApi();
    api.mcp.servers = [projectServer()];
    render(<McpServersSection api={api} revision={0} />);
    const row = await screen.findByTestId("mcp-server-row");
    expect(within(row).getByTestId("mcp-server-status").textContent).toBe("Needs your approval");
    expect(within(row).getByTestId("mcp-launch-command").textContent).toBe("node");
    expect(within(row).getByTestId("mcp-launch-args").textContent).toBe("tools/mcp.js");
    expect(within(row).getByTestId("mcp-launch-cwd").textContent).toBe("/work/app");
    const hook = within(row).getByTestId("mcp-launch-env-variable");
    expect(hook.textContent).toContain("NODE_OPTIONS=--require ./hook.cjs");
    expect(within(hook).getByTestId("mcp-launch-startup").textContent).toBe("changes what runs");
    // A project server is the project's: it cannot be edited or removed from here.
    expect(within(row).queryByTestId("mcp-remove")).toBeNull();
    await userEvent.click(within(row).getByTestId("mcp-approve"));
    expect((await screen.findByTestId("mcp-server-status")).textContent).toMatch(/^Connected/);
    // The decision names the entry the person was shown.
    expect(api.decisions).toEqual([{ name: "repo-tools", decision: "approve", digest: "a".repeat(64) }]);
  });

  it("shows what changed since the approval and the secrets an entry never gets, and rejects it until undone", async () => {
    const api = new FakeSettingsApi();
    api.mcp.servers = [
      {
        ...projectServer(),
        error:
          "this entry of /work/app/.mcp.json changed since you approved it; review the changes and approve it again",
        variables: [
          { name: "ANTHROPIC_API_KEY", fields: ["env.KEY"], set: true, withheld: true },
          { name: "GITHUB_TOKEN", fields: ["env.GH"], set: false, withheld: false },
        ],
        consent: {
          decision: "pending",
          digest: "b".repeat(64),
          changes: [{ field: "env.NODE_OPTIONS", after: "--require ./hook.cjs" }],
        },
      },
    ];
    render(<McpServersSection api={api} revision={0} />);
    const row = await screen.findByTestId("mcp-server-row");
    expect(within(row).getByTestId("mcp-consent-reason").textContent).toContain(
      "changed since you approved it",
    );
    const change = within(row).getByTestId("mcp-change");
    expect(change.getAttribute("data-field")).toBe("env.NODE_OPTIONS");
    expect(change.textContent).toBe("env.NODE_OPTIONS(none)--require ./hook.cjs");
    const [secret, token] = within(row).getAllByTestId("mcp-variable");
    expect(within(secret as HTMLElement).getByTestId("mcp-variable-withheld").textContent).toMatch(
      /^withheld: one of Parley's secrets/,
    );
    expect(token?.textContent).toContain("not set");

    await userEvent.click(within(row).getByTestId("mcp-reject"));
    expect((await screen.findByTestId("mcp-server-status")).textContent).toBe("Rejected");
    expect(api.decisions).toEqual([{ name: "repo-tools", decision: "reject", digest: "b".repeat(64) }]);
    await userEvent.click(screen.getByTestId("mcp-unreject"));
    expect((await screen.findByTestId("mcp-server-status")).textContent).toBe("Needs your approval");
  });

  it("adds a server from Claude Code's JSON shape and refuses a config that is not one", async () => {
    const api = new FakeSettingsApi();
    render(<McpServersSection api={api} revision={0} />);
    await userEvent.click(await screen.findByTestId("mcp-add"));
    await userEvent.type(screen.getByTestId("mcp-form-name"), "files");
    const config = screen.getByTestId("mcp-form-config");
    await userEvent.clear(config);
    await userEvent.type(config, '{{"type": "http", "url": "nope"}');
    await userEvent.click(screen.getByTestId("mcp-form-save"));
    expect(screen.getByTestId("mcp-form-error").textContent).toMatch(/^Config:/);
    expect(api.mcp.servers).toEqual([]);

    await userEvent.clear(config);
    await userEvent.type(config, '{{"type": "http", "url": "http://127.0.0.1:9000/mcp"}');
    await userEvent.click(screen.getByTestId("mcp-form-save"));
    const row = await screen.findByTestId("mcp-server-row");
    expect(row.getAttribute("data-name")).toBe("files");
    expect(api.mcp.servers[0]?.config).toEqual({ type: "http", url: "http://127.0.0.1:9000/mcp" });

    await userEvent.click(within(row).getByTestId("mcp-disable"));
    expect((await screen.findByTestId("mcp-server-status")).textContent).toBe("Disabled");
    await userEvent.click(screen.getByTestId("mcp-remove"));
    expect(await screen.findByTestId("mcp-empty")).toBeTruthy();
  });

  it("shows a config file that could not be read and a failed server's error and output", async () => {
    const api = new FakeSettingsApi();
    api.mcp.problems = [{ source: "project", file: "/work/app/.mcp.json", error: "not valid JSON: bad" }];
    api.mcp.servers = [
      {
        ...projectServer(),
        name: "broken",
        source: "user",
        status: "failed",
        error: "spawn /no/such ENOENT",
        stderr: "boom",
      },
    ];
    render(<McpServersSection api={api} revision={0} />);
    expect((await screen.findByTestId("mcp-problem")).textContent).toContain("not valid JSON: bad");
    expect(screen.getByTestId("mcp-server-error").textContent).toBe("spawn /no/such ENOENT");
    expect(screen.getByTestId("mcp-stderr").textContent).toBe("boom");
    await userEvent.click(screen.getByTestId("mcp-trust-read-only"));
    expect(api.mcp.trust_read_only_tools).toBe(true);
  });
});

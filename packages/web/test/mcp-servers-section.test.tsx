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
    config: { command: "node", args: ["tools/mcp.js"] },
    status: "needs_approval",
    error: "/work/app/.mcp.json asks to start this server; approve it to let it run",
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
    expect(row.textContent).toContain("node tools/mcp.js");
    // A project server is the project's: it cannot be edited or removed from here.
    expect(within(row).queryByTestId("mcp-remove")).toBeNull();
    await userEvent.click(within(row).getByTestId("mcp-approve"));
    expect((await screen.findByTestId("mcp-server-status")).textContent).toMatch(/^Connected/);
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

import { describe, expect, it } from "vitest";
import { checkMcpServerInput, MCP_SERVER_EXAMPLE } from "./mcp-server-input.ts";

describe("a server typed into the web's or the terminal's form", () => {
  it("gives the entry to send for a stdio or remote server as Claude Code writes it", () => {
    expect(checkMcpServerInput("everything", MCP_SERVER_EXAMPLE)).toEqual({
      ok: true,
      name: "everything",
      config: { command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] },
    });
    expect(
      checkMcpServerInput("docs", '{"type": "http", "url": "https://mcp.example.com/mcp"}'),
    ).toMatchObject({
      ok: true,
      config: { type: "http", url: "https://mcp.example.com/mcp" },
    });
  });

  it("names what to fix: the name, JSON that does not parse, or an entry that is neither kind", () => {
    expect(checkMcpServerInput("my notes", MCP_SERVER_EXAMPLE)).toEqual({
      ok: false,
      problem: "Name: letters, digits, '_', '.' and '-', starting with a letter or digit",
    });
    expect(checkMcpServerInput("notes", '{"command": "npx"')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Config: not valid JSON \(/),
    });
    expect(checkMcpServerInput("notes", '{"args": ["x"]}')).toEqual({
      ok: false,
      problem:
        'Config: give "command" (and "args", "env") for a local server, or "type": "http" or "sse" with a "url"',
    });
  });
});

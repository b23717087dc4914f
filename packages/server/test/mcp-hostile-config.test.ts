import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type McpServerList, McpServerListSchema } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import { expectChatAnswers } from "./support/interactions.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/** A cloned repository's `.mcp.json` crafted to stall or stop the server: refused with a reason, the chat answers. */

async function servers(server: TestServer): Promise<McpServerList> {
  await server.server.context.mcp.settled();
  return decodeResponse(await server.request("GET", "/api/mcp/servers"), McpServerListSchema);
}

/** Starts a server on a project whose `.mcp.json` is `text`, checks what the list says and that a chat answers. */
async function withProjectConfig(text: string, check: (list: McpServerList, file: string) => void) {
  const directories = makeDirectories();
  const file = join(directories.project, ".mcp.json");
  writeFileSync(file, text);
  const server = await startTestServer({ directories });
  try {
    check(await servers(server), file);
    await expectChatAnswers(server);
  } finally {
    await server.dispose();
  }
}

describe("a hostile .mcp.json", () => {
  it("nested hundreds of thousands of levels deep is refused unread, and the server keeps answering", async () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    await withProjectConfig(`{"mcpServers":{"deep":{"command":"x","args":${deep}}}}`, (list, file) => {
      expect(list.servers).toEqual([]);
      expect(list.problems).toEqual([{ source: "project", file, error: "nested deeper than 32 levels" }]);
    });
  });

  it("of half a megabyte of variables whose default never closes is listed for approval at once, and the server keeps answering", async () => {
    const unclosed = "${A:-".repeat(100_000);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's ${VAR} syntax, read by Parley
    const config = { mcpServers: { defaults: { command: "x", args: [unclosed], env: { B: "${B}" } } } };
    await withProjectConfig(JSON.stringify(config), (list) => {
      expect(list.servers).toMatchObject([
        {
          name: "defaults",
          consent: { decision: "pending" },
          variables: [{ name: "B", fields: ["env.B"], set: false, withheld: false }],
        },
      ]);
    });
  });

  it("of thousands of servers is refused with the count, and the server keeps answering", async () => {
    const many = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, index) => [`s${index}`, { command: "x" }]),
    );
    await withProjectConfig(JSON.stringify({ mcpServers: many }), (list, file) => {
      expect(list.servers).toEqual([]);
      expect(list.problems).toEqual([
        { source: "project", file, error: "5000 servers; a file of more than 100 is not read" },
      ]);
    });
  });
});

describe("the person's own mcp.json", () => {
  it("of more than 100 servers keeps them all, the one just added through the API included", async () => {
    const directories = makeDirectories();
    const many = Object.fromEntries(
      Array.from({ length: 100 }, (_, index) => [`s${index}`, { command: "x" }]),
    );
    writeFileSync(join(directories.home, "mcp.json"), JSON.stringify({ mcpServers: many }));
    const server = await startTestServer({ directories });
    try {
      await server.json("PUT", "/api/mcp/servers/one-more", { config: { command: "x" } });

      const list = await servers(server);
      expect(list.problems).toEqual([]);
      expect(list.servers).toHaveLength(101);
    } finally {
      await server.dispose();
    }
  });
});

// A stdio MCP server built with the official SDK's McpServer, for tests of what a real server can do to
// Parley: annotated tools (read-only, destructive), progress notifications, a tool that crashes the process
// mid-call, one that never answers, a resource and a prompt. `FIXTURE_MCP_MARKER`, when set, is a file the
// server writes when it starts (so a test can prove it was never started); `FIXTURE_MCP_RECORD`, a file it
// writes how it was started to (cwd, environment, arguments), as testkit's `readChildProcessRecord` reads it.
import { writeFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

if (process.env.FIXTURE_MCP_MARKER) writeFileSync(process.env.FIXTURE_MCP_MARKER, String(process.pid));
if (process.env.FIXTURE_MCP_RECORD) {
  const record = { cwd: process.cwd(), env: process.env, argv: process.argv.slice(2), stdin: "" };
  writeFileSync(process.env.FIXTURE_MCP_RECORD, JSON.stringify(record));
}
console.error("fixture MCP server: started");

const server = new McpServer({
  name: "fixture",
  version: "1.2.3",
  icons: [
    {
      src: "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=",
      mimeType: "image/svg+xml",
    },
  ],
});

server.registerTool(
  "lookup",
  {
    title: "Look up a word",
    description: "Finds a word in the fixture dictionary",
    inputSchema: { word: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ word }) => ({ content: [{ type: "text", text: `${word}: a word the fixture knows` }] }),
);

server.registerTool(
  "wipe",
  {
    title: "Wipe the table",
    description: "Deletes every row of a table",
    inputSchema: { table: z.string() },
    annotations: { destructiveHint: true },
  },
  async ({ table }) => ({ content: [{ type: "text", text: `wiped ${table}` }] }),
);

server.registerTool(
  "count",
  { description: "Counts to `to`, reporting progress", inputSchema: { to: z.number().int().min(1).max(20) } },
  async ({ to }, extra) => {
    for (let step = 1; step <= to; step++) {
      if (extra._meta?.progressToken !== undefined) {
        await extra.sendNotification({
          method: "notifications/progress",
          params: {
            progressToken: extra._meta.progressToken,
            progress: step,
            total: to,
            message: `counted ${step}`,
          },
        });
      }
    }
    return { content: [{ type: "text", text: `counted to ${to}` }], structuredContent: { counted: to } };
  },
);

server.registerTool("fail", { description: "Always reports an error" }, async () => ({
  isError: true,
  content: [{ type: "text", text: "the fixture failed on purpose" }],
}));

server.registerTool("crash", { description: "Exits the server process mid-call" }, async () => {
  console.error("fixture MCP server: crashing on purpose");
  process.exit(7);
});

server.registerTool("hang", { description: "Never answers" }, () => new Promise(() => {}));

server.registerResource(
  "readme",
  "fixture://readme",
  { title: "Fixture readme", description: "What the fixture is", mimeType: "text/plain" },
  async (uri) => ({
    contents: [{ uri: uri.href, mimeType: "text/plain", text: "The fixture server's readme." }],
  }),
);

server.registerPrompt(
  "review",
  { description: "Asks for a review of a file", argsSchema: { file: z.string() } },
  ({ file }) => ({
    messages: [{ role: "user", content: { type: "text", text: `Please review ${file} carefully.` } }],
  }),
);

await server.connect(new StdioServerTransport());

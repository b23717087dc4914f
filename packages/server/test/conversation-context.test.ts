import { ChatResponseSchema, type ContentBlockParam, type MessageParam } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { MessagePublisher } from "../src/agents/context/message-publisher.ts";
import { CONVERSATION_CONTEXT_HEADER } from "../src/agents/conversation/conversation-context.ts";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

/** The text of a request's messages, role by role. */
function textsOf(messages: readonly MessageParam[]): { role: string; text: string }[] {
  return messages.map((message) => ({
    role: message.role,
    text:
      typeof message.content === "string"
        ? message.content
        : (message.content as ContentBlockParam[])
            .map((block) => (block.type === "text" ? block.text : `[${block.type}]`))
            .join("\n"),
  }));
}

describe("rich messages added to a conversation reach the model", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const chat = async (text: string, sessionId?: string) => {
    const response = await decodeResponse(
      await server.request("POST", "/api/chat", {
        body: { text, ...(sessionId && { session_id: sessionId }) },
      }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, response.run_id as string);
    return response;
  };

  it("converts ProjectStructure and MCP results stored outside a run to text in front of the next prompt, once", async () => {
    server.fake.script(reply().text("Hello."), reply().text("I see the tree."), reply().text("Done."));
    const first = await chat("Hi");
    const { store, bus, projectRoot, now, newId } = server.server.context;
    const publisher = new MessagePublisher({ store, bus, projectRoot, now, newId });
    const scope = { sessionId: first.session_id, agentId: "main", runId: null };
    store.transaction(() => {
      publisher.append(
        scope,
        "assistant",
        {
          kind: "ProjectStructure",
          data: {
            root_path: "/work/demo",
            structure_type: "tree",
            generated_at: "2026-11-25T12:00:00.000Z",
            excluded_patterns: [".git", "node_modules"],
            content: {
              name: "demo",
              path: "",
              files: [{ path: "README.md", size: 12, mime_type: "text/markdown", language: "Markdown" }],
              directories: [
                {
                  name: "src",
                  path: "src",
                  files: [
                    { path: "src/main.ts", size: 2048, mime_type: "text/typescript", language: "TypeScript" },
                  ],
                  directories: [],
                },
              ],
            },
          },
        },
        "Project structure",
      );
      publisher.append(
        scope,
        "assistant",
        {
          kind: "MCPToolResult",
          data: {
            server_name: "github",
            tool_name: "search_issues",
            request_id: "req-1",
            result: { total_count: 3 },
            status: "Success",
            executed_at: "2026-11-25T12:00:01.000Z",
            duration_ms: 42,
          },
        },
        "search_issues",
      );
    });

    await chat("What does the project look like?", first.session_id);
    await chat("Thanks", first.session_id);

    const second = textsOf(modelRequest(server, 1).messages as MessageParam[]);
    expect(second.at(-1)).toEqual({
      role: "user",
      text: `${[
        CONVERSATION_CONTEXT_HEADER,
        [
          "Project structure of /work/demo (tree; generated 2026-11-25T12:00:00.000Z; excluded: .git, node_modules)",
          "demo/",
          "  src/",
          "    main.ts (2.0 KB, TypeScript)",
          "  README.md (12 B, Markdown)",
        ].join("\n"),
        [
          "MCP tool result: github/search_issues [req-1] — Success in 42 ms",
          "Output:",
          JSON.stringify({ total_count: 3 }, null, 2),
        ].join("\n"),
      ].join("\n\n")}\nWhat does the project look like?`,
    });
    expect(
      second.map((message) => message.text).filter((text) => text.includes(CONVERSATION_CONTEXT_HEADER)),
    ).toHaveLength(1);
    const third = textsOf(modelRequest(server, 2).messages as MessageParam[]);
    expect(third.at(-1)).toEqual({ role: "user", text: "Thanks" });
    // The context stays in the conversation the model sees, but it is not sent a second time.
    expect(third.filter((message) => message.text.includes(CONVERSATION_CONTEXT_HEADER))).toHaveLength(1);
    expect(textsOf(modelRequest(server, 0).messages as MessageParam[])).toEqual([
      { role: "user", text: "Hi" },
    ]);
  });
});

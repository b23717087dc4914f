import {
  McpPromptRequestSchema,
  McpPromptTextSchema,
  McpServerDecisionRequestSchema,
  McpServerListSchema,
  McpServerParamsSchema,
  McpServerViewSchema,
  McpSettingsRequestSchema,
  PatchMcpServerRequestSchema,
  PutMcpServerRequestSchema,
} from "@parley/protocol";
import type { McpHub } from "../../mcp/mcp-hub.ts";
import {
  McpEntryChangedError,
  McpServerNotEditableError,
  McpServerNotFoundError,
  McpServerNotProjectError,
  McpServerShadowedError,
} from "../../mcp/mcp-hub-errors.ts";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/**
 * The project's MCP servers: their status, what they run and their tools, the user's decisions (approve or
 * reject a project entry as they saw it, enable, disable, reconnect, trust read-only tools) and edits of
 * the user's `mcp.json`. Every change answers at once; a server's connecting and connecting-or-failing is
 * announced on the event stream.
 */
export function mcpRoutes(context: ServerContext): RouteDefinition[] {
  const view = (name: string, source?: "project") => {
    const server = context.mcp.get(name, source);
    if (server === undefined) throw ApiError.notFound("MCP server", name);
    return server;
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/mcp/servers",
      summary:
        "The MCP servers of the user's mcp.json and the project's .mcp.json, with status, tools and prompts",
      tag: "mcp",
      response: McpServerListSchema,
      handler: () => context.mcp.list(),
    }),
    defineRoute({
      method: "put",
      path: "/api/mcp/servers/:name",
      summary: "Add or replace a server in the user's mcp.json (other keys are kept) and start it",
      tag: "mcp",
      params: McpServerParamsSchema,
      body: PutMcpServerRequestSchema,
      response: McpServerViewSchema,
      handler: ({ params, body }) => {
        settle(context.mcp, () => context.mcp.put(params.name, body.config));
        return view(params.name);
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/mcp/servers/:name",
      summary: "Remove a server from the user's mcp.json and stop it",
      tag: "mcp",
      params: McpServerParamsSchema,
      response: McpServerListSchema,
      handler: ({ params }) => {
        settle(context.mcp, () => context.mcp.remove(params.name));
        return context.mcp.list();
      },
    }),
    defineRoute({
      method: "patch",
      path: "/api/mcp/servers/:name",
      summary: "Enable or disable a server for this project",
      tag: "mcp",
      params: McpServerParamsSchema,
      body: PatchMcpServerRequestSchema,
      response: McpServerViewSchema,
      handler: ({ params, body }) => {
        settle(context.mcp, () => context.mcp.setEnabled(params.name, body.enabled));
        return view(params.name);
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/mcp/servers/:name/approve",
      summary:
        "Let a server of the project's .mcp.json start, as the entry with this digest (409 if it changed since)",
      tag: "mcp",
      params: McpServerParamsSchema,
      body: McpServerDecisionRequestSchema,
      response: McpServerViewSchema,
      handler: ({ params, body }) => {
        settle(context.mcp, () => context.mcp.approve(params.name, body.digest));
        return view(params.name, "project");
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/mcp/servers/:name/reject",
      summary:
        "Keep a server of the project's .mcp.json off and quiet until its entry changes (409 if it changed since)",
      tag: "mcp",
      params: McpServerParamsSchema,
      body: McpServerDecisionRequestSchema,
      response: McpServerViewSchema,
      handler: ({ params, body }) => {
        settle(context.mcp, () => context.mcp.reject(params.name, body.digest));
        return view(params.name, "project");
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/mcp/servers/:name/unreject",
      summary: "Forget the rejection of a project server: it asks for approval again",
      tag: "mcp",
      params: McpServerParamsSchema,
      response: McpServerViewSchema,
      handler: ({ params }) => {
        settle(context.mcp, () => {
          context.mcp.unreject(params.name);
          return Promise.resolve();
        });
        return view(params.name, "project");
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/mcp/servers/:name/reconnect",
      summary: "Stop and start a server again",
      tag: "mcp",
      params: McpServerParamsSchema,
      response: McpServerViewSchema,
      handler: ({ params }) => {
        settle(context.mcp, () => context.mcp.reconnect(params.name));
        return view(params.name);
      },
    }),
    defineRoute({
      method: "put",
      path: "/api/mcp/settings",
      summary: "Whether calls to tools that declare readOnlyHint run without asking",
      tag: "mcp",
      body: McpSettingsRequestSchema,
      response: McpServerListSchema,
      handler: ({ body }) => {
        context.mcp.setTrustReadOnlyTools(body.trust_read_only_tools);
        return context.mcp.list();
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/mcp/prompt-commands",
      summary: "Fill in an MCP prompt typed as /mcp__server__prompt and return the message text",
      tag: "mcp",
      body: McpPromptRequestSchema,
      response: McpPromptTextSchema,
      handler: async ({ body }) => {
        try {
          const { expandMcpPrompt, findPromptCommand, promptArguments } = await import(
            "../../mcp/mcp-prompt-text.ts"
          );
          const { connection, prompt } = findPromptCommand(context.mcp.connections(), body.command);
          const args = promptArguments(prompt, body.input, body.arguments);
          return { text: await expandMcpPrompt(connection, prompt.name, args) };
        } catch (error) {
          throw new ApiError("invalid_request", `${body.command}: ${(error as Error).message}`, {
            issues: [{ path: "body.input", message: (error as Error).message }],
          });
        }
      },
    }),
  ];
}

/** Runs a hub change, turning its refusals into API errors; the connecting that follows is not awaited. */
function settle(_hub: McpHub, change: () => Promise<void>): void {
  let settling: Promise<void>;
  try {
    settling = change();
  } catch (error) {
    if (error instanceof McpServerNotFoundError) throw ApiError.notFound("MCP server", error.serverName);
    if (
      error instanceof McpServerNotEditableError ||
      error instanceof McpServerNotProjectError ||
      error instanceof McpServerShadowedError ||
      error instanceof McpEntryChangedError
    ) {
      throw new ApiError("conflict", error.message);
    }
    throw new ApiError("invalid_request", (error as Error).message);
  }
  settling.catch((error: unknown) => console.error(`parley: MCP: ${(error as Error).message}`));
}

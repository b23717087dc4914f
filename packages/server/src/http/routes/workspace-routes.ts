import { generateProjectStructureJson } from "@parley/engine";
import {
  ProjectStructureMessageSchema,
  WorkspaceStructureQuerySchema,
  WorkspaceTreeQuerySchema,
  WorkspaceTreeSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { PathOutsideProjectError } from "../../workspace/resolve-in-project.ts";
import { workspaceTree } from "../../workspace/workspace-tree.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/**
 * `GET /api/workspace/tree`: the project's files, confined to the project root; `GET /api/workspace/structure`:
 * seed 001's ProjectStructure message (tree, file list or dependency graph).
 */
export function workspaceRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/workspace/tree",
      summary: "List a directory of the project (never outside it; symlinks are not followed)",
      tag: "workspace",
      query: WorkspaceTreeQuerySchema,
      response: WorkspaceTreeSchema,
      handler: ({ query }) => {
        try {
          return workspaceTree(context.projectRoot, query.path, query.depth);
        } catch (error) {
          if (error instanceof PathOutsideProjectError) {
            throw new ApiError("invalid_request", `query.path: ${error.message}`, {
              issues: [{ path: "query.path", message: error.message }],
            });
          }
          const code = (error as NodeJS.ErrnoException).code;
          // ENOTDIR: a path that continues below a file ("README.md/x") names nothing that exists.
          if (code === "ENOENT" || code === "ENOTDIR") {
            throw new ApiError(
              "not_found",
              `query.path: ${JSON.stringify(query.path)} does not exist in the project`,
            );
          }
          if (code === "ELOOP" || code === "ENAMETOOLONG") {
            const reason =
              code === "ELOOP" ? "the path has a symlink loop" : "a name in the path is too long";
            throw new ApiError("invalid_request", `query.path: ${reason}`, {
              issues: [{ path: "query.path", message: reason }],
            });
          }
          if (error instanceof Error && error.message === "the path is not a directory") {
            throw new ApiError("invalid_request", `query.path: ${error.message}`, {
              issues: [{ path: "query.path", message: error.message }],
            });
          }
          throw error;
        }
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/workspace/structure",
      summary:
        "The project's structure as a ProjectStructure message: tree, file_list (alphabetical or recently changed first) or dependencies; bounded, symlinks never followed",
      tag: "workspace",
      query: WorkspaceStructureQuerySchema,
      response: ProjectStructureMessageSchema,
      handler: async ({ query, context: http }) => {
        // Built in a worker process as JSON text, and sent on as it is: a 100,000-file tree is never parsed
        // or serialized on the server's event loop.
        const data = await generateProjectStructureJson({
          root: context.projectRoot,
          type: query.type,
          order: query.order,
          ...(query.max_depth !== undefined && { maxDepth: query.max_depth }),
          ...(query.max_entries !== undefined && { maxEntries: query.max_entries }),
          ...(query.exclude !== undefined && { excludedPatterns: query.exclude }),
          signal: http.req.raw.signal,
          env: await context.children.env("git"),
          now: () => new Date(context.now()),
        });
        return new Response(`{"kind":"ProjectStructure","data":${data}}`, {
          headers: { "content-type": "application/json" },
        });
      },
    }),
  ];
}

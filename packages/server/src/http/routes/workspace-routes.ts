import { lstatSync } from "node:fs";
import {
  ProjectStructureMessageSchema,
  WorkspaceStructureQuerySchema,
  WorkspaceTreeQuerySchema,
  WorkspaceTreeSchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { PathOutsideProjectError, resolveExistingInProject } from "../../workspace/resolve-in-project.ts";
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
      handler: async ({ query }) => {
        try {
          return await workspaceTree(context.projectRoot, query.path, query.depth);
        } catch (error) {
          throw queryPathError(error, query.path);
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
        const { generateProjectStructureJson } = await import("@parley/engine");
        const data = await generateProjectStructureJson({
          root:
            query.path === undefined ? context.projectRoot : structureRoot(context.projectRoot, query.path),
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

/** The directory of the project a structure is read from (`query.path`), confined to the project. */
function structureRoot(projectRoot: string, path: string): string {
  try {
    const directory = resolveExistingInProject(projectRoot, path === "" ? "." : path);
    if (!lstatSync(directory).isDirectory()) throw new Error("the path is not a directory");
    return directory;
  } catch (error) {
    throw queryPathError(error, path);
  }
}

/** A project path a client gave (`query.path`) that names nothing usable, as the API error that says why. */
function queryPathError(error: unknown, path: string): unknown {
  const invalid = (reason: string) =>
    new ApiError("invalid_request", `query.path: ${reason}`, {
      issues: [{ path: "query.path", message: reason }],
    });
  if (error instanceof PathOutsideProjectError) return invalid(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  // ENOTDIR: a path that continues below a file ("README.md/x") names nothing that exists.
  if (code === "ENOENT" || code === "ENOTDIR") {
    return new ApiError("not_found", `query.path: ${JSON.stringify(path)} does not exist in the project`);
  }
  if (code === "ELOOP") return invalid("the path has a symlink loop");
  if (code === "ENAMETOOLONG") return invalid("a name in the path is too long");
  if (error instanceof Error && error.message === "the path is not a directory")
    return invalid(error.message);
  return error;
}

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  ChatResponseSchema,
  type DirectoryNode,
  type MessageParam,
  ProjectStructureMessageSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useTestServer } from "./support/use-test-server.ts";

function treePaths(node: DirectoryNode): string[] {
  return [...node.files.map((file) => file.path), ...node.directories.flatMap(treePaths)];
}

describe("GET /api/workspace/structure", () => {
  let project: string;
  const server = useTestServer();
  beforeAll(async () => {
    project = server.server.context.projectRoot;
    const files: Record<string, string> = {
      ".gitignore": "coverage/\n",
      "package.json": JSON.stringify({ name: "demo", dependencies: { zod: "^4.0.0" } }),
      "src/index.ts": "export {};\n",
      "coverage/report.html": "",
      "node_modules/zod/package.json": "{}",
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    mkdirSync(`${project}-evil`);
    writeFileSync(join(`${project}-evil`, "secret.txt"), "not yours");
    symlinkSync(`${project}-evil`, join(project, "escape"));
  });

  const structure = async (query: string) =>
    decodeResponse(
      await server.request("GET", `/api/workspace/structure${query}`),
      ProjectStructureMessageSchema,
    );

  it("answers a ProjectStructure message with the project's tree, leaving out ignored files and never following symlinks", async () => {
    const message = await structure("?type=tree");
    expect(message.kind).toBe("ProjectStructure");
    if (message.data.structure_type !== "tree") throw new Error("expected a tree");
    expect(message.data.root_path).toBe(project);
    expect(treePaths(message.data.content).sort()).toEqual([
      ".gitignore",
      "escape",
      "package.json",
      "src/index.ts",
    ]);
    expect(JSON.stringify(message)).not.toContain("secret.txt");
  });

  it("reads one directory of the project when given a path, and refuses a path that leaves the project", async () => {
    const message = await structure("?type=tree&path=src");
    if (message.data.structure_type !== "tree") throw new Error("expected a tree");
    expect(message.data.root_path).toBe(join(project, "src"));
    expect(treePaths(message.data.content)).toEqual(["index.ts"]);
    // Up and out, a symlink that leads out, and a file are refused alike.
    for (const path of ["../x", "escape", "package.json"]) {
      await expectApiError(
        await server.request("GET", `/api/workspace/structure?path=${path}`),
        400,
        "invalid_request",
        "query.path",
      );
    }
    await expectApiError(
      await server.request("GET", "/api/workspace/structure?path=nowhere"),
      404,
      "not_found",
    );
  });

  it("lists the dependencies a package.json names when there is no lockfile", async () => {
    const message = await structure("?type=dependencies");
    if (message.data.structure_type !== "dependencies") throw new Error("expected dependencies");
    expect(message.data.content.dependencies).toEqual([
      expect.objectContaining({
        name: "zod",
        version: "^4.0.0",
        direct: true,
        dev: false,
        manifest: "package.json",
      }),
    ]);
  });

  it("leaves out the patterns the client names", async () => {
    const message = await structure("?type=file_list&exclude=src/,*.json");
    if (message.data.structure_type !== "file_list") throw new Error("expected a file list");
    expect(message.data.content.map((file) => file.path)).toEqual([".gitignore", "escape"]);
    expect(message.data.excluded_patterns).toEqual(expect.arrayContaining(["src/", "*.json"]));
  });

  it("is offered to the agent as the ProjectStructure tool, without approval: the model reads a summary and the chat shows the card", async () => {
    const events = await server.events();
    server.fake.script(
      reply().toolCall("ProjectStructure", { type: "dependencies" }, { id: "toolu_structure" }),
      reply().text("The project uses zod."),
    );
    const chat = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text: "What does the project depend on?" } }),
      ChatResponseSchema,
    );
    expect((await waitForOutcome(events, chat.run_id as string)).outcome).toBe("success");
    await events.close();

    const tools = (modelRequest(server, 0) as { tools?: { name: string }[] }).tools ?? [];
    expect(tools.map((tool) => tool.name)).toContain("ProjectStructure");
    const toolResult = JSON.stringify((modelRequest(server, 1).messages as MessageParam[]).at(-1));
    expect(toolResult).toContain(`Project structure of ${project} (dependencies;`);
    expect(toolResult).toContain("- zod ^4.0.0 [npm]");
    const stored = server.server.context.store.messages.all(chat.session_id);
    const cards = stored.filter((message) => message.rich.kind === "ProjectStructure");
    expect(cards).toHaveLength(1);
    const card = ProjectStructureMessageSchema.parse(cards[0]?.rich);
    expect(card.data.structure_type).toBe("dependencies");
    expect(cards[0]?.run_id).toBe(chat.run_id);
    expect(server.server.context.store.approvals.bySession(chat.session_id)).toEqual([]);
  });
});

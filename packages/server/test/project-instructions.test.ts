import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChatResponseSchema, SettingsViewSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("the project's instruction files", () => {
  let project: string;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    project = server.server.context.projectRoot;
  });
  afterEach(() => {
    for (const name of ["AGENTS.md", "CLAUDE.md"]) rmSync(join(project, name), { force: true });
  });

  const systemOfNextRun = async (text: string) => {
    server.fake.script(reply().text("Understood."));
    const chat = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);
    return JSON.stringify(modelRequest(server, 0).system ?? "");
  };
  const setSettings = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/settings", { body }), SettingsViewSchema);

  it("gives the model AGENTS.md and CLAUDE.md as they are when each run starts", async () => {
    writeFileSync(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    const first = await systemOfNextRun("Tidy the parser");
    expect(first).toContain(
      '<instructions file=\\"AGENTS.md\\">\\nUse tabs for indentation.\\n</instructions>',
    );

    server.fake.reset();
    writeFileSync(join(project, "AGENTS.md"), "Use two spaces.\n");
    writeFileSync(join(project, "CLAUDE.md"), "Run npm test before saying done.\n");
    const second = await systemOfNextRun("Tidy the lexer");
    expect(second).toContain("Use two spaces.");
    expect(second).not.toContain("Use tabs");
    expect(second).toContain("Run npm test before saying done.");
    const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
    expect(view.project_instructions).toEqual({
      enabled: true,
      files: [
        { path: "AGENTS.md", bytes: 16, given_bytes: 16 },
        { path: "CLAUDE.md", bytes: 33, given_bytes: 33 },
      ],
      skipped: [],
      skills: [],
      skipped_skills: [],
    });
  });

  it("lists a CLAUDE.md that links to AGENTS.md as given once with it", async () => {
    writeFileSync(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    symlinkSync("AGENTS.md", join(project, "CLAUDE.md"));
    const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
    expect(view.project_instructions?.files).toEqual([
      { path: "AGENTS.md", bytes: 26, given_bytes: 26, duplicates: ["CLAUDE.md"] },
    ]);
  });

  it("never gives a file the project links to outside it", async () => {
    const outside = join(server.directories.home, "private-notes.md");
    writeFileSync(outside, "The deploy password is hunter2.");
    symlinkSync(outside, join(project, "CLAUDE.md"));
    const system = await systemOfNextRun("Deploy");
    expect(system).not.toContain("hunter2");
    const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
    expect(view.project_instructions?.skipped).toEqual([
      { path: "CLAUDE.md", reason: "it is a symlink to a place outside the project" },
    ]);
  });

  it("gives the project's files that CLAUDE.md imports, never one outside it, and lists who imported each", async () => {
    const outside = join(server.directories.home, "private-notes.md");
    writeFileSync(outside, "The deploy password is hunter2.");
    writeFileSync(join(project, "CLAUDE.md"), `Follow @STYLE.md and @${outside}\n`);
    writeFileSync(join(project, "STYLE.md"), "Name things plainly.\n");
    try {
      const system = await systemOfNextRun("Rename the helpers");
      expect(system).toContain('<instructions file=\\"STYLE.md\\">\\nName things plainly.\\n</instructions>');
      expect(system).not.toContain("hunter2");
      const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
      expect(view.project_instructions).toMatchObject({
        files: [
          { path: "CLAUDE.md" },
          { path: "STYLE.md", bytes: 21, given_bytes: 21, imported_by: "CLAUDE.md" },
        ],
        skipped: [{ path: outside, reason: "it is outside the project (imported by CLAUDE.md)" }],
      });
    } finally {
      rmSync(join(project, "STYLE.md"), { force: true });
    }
  });

  it("gives the person's own AGENTS.md in Parley's home first, in every project, and lists it", async () => {
    const own = join(server.directories.home, "AGENTS.md");
    writeFileSync(own, "Answer in British English.\n");
    writeFileSync(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    try {
      const system = await systemOfNextRun("Tidy the parser");
      expect(system.indexOf("British English")).toBeGreaterThan(-1);
      expect(system.indexOf("British English")).toBeLessThan(system.indexOf("Use tabs"));
      const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
      expect(view.project_instructions?.files.map((file) => file.path)).toEqual([own, "AGENTS.md"]);
    } finally {
      rmSync(own);
    }
  });

  it("gives none once settings turn project instructions off", async () => {
    writeFileSync(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
    const off = await setSettings({ project_instructions: false });
    expect(off.project_instructions).toMatchObject({ enabled: false, files: [{ path: "AGENTS.md" }] });
    try {
      expect(await systemOfNextRun("Tidy the parser")).not.toContain("Use tabs");
    } finally {
      await setSettings({ project_instructions: null });
    }
  });

  it("gives a subfolder's AGENTS.md in the tool result of the first Read there, and not in a later run", async () => {
    mkdirSync(join(project, "packages", "api"), { recursive: true });
    writeFileSync(join(project, "packages", "api", "AGENTS.md"), "Every API route has a test.\n");
    writeFileSync(join(project, "packages", "api", "app.ts"), "export const app = 1;\n");
    let session: string | undefined;
    const readApp = async (text: string) => {
      server.fake.reset();
      server.fake.script(
        reply().toolCall("Read", { file_path: "packages/api/app.ts" }),
        reply().text("Read it."),
      );
      const chat = await decodeResponse(
        await server.request("POST", "/api/chat", {
          body: { text, ...(session !== undefined && { session_id: session }) },
        }),
        ChatResponseSchema,
      );
      session = chat.session_id;
      await waitForOutcome(events, chat.run_id as string);
      return JSON.stringify(modelRequest(server, 1).messages);
    };
    try {
      const first = await readApp("Look at the API");
      expect(first).toContain("export const app = 1;");
      expect(first).toContain(
        '<instructions file=\\"packages/api/AGENTS.md\\">\\nEvery API route has a test.',
      );
      // The next run in the session reads its history, which holds it: given once.
      const second = await readApp("Look again");
      expect(second).toContain("Look at the API");
      expect(second.split("Every API route has a test.")).toHaveLength(2);
    } finally {
      rmSync(join(project, "packages"), { recursive: true, force: true });
    }
  });
});

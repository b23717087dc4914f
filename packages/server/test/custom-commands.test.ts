import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ChatResponseSchema, CustomCommandListSchema, MessagePageSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe("custom slash commands over HTTP", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  /** A server whose project and person's home hold command files; the person's home is inside Parley's test home. */
  async function start(project: Record<string, string>, own: Record<string, string> = {}) {
    const directories = makeDirectories();
    write(directories.project, project);
    const userHome = join(directories.home, "person");
    write(userHome, own);
    server = await startTestServer({ directories, env: { HOME: userHome } });
    return server;
  }

  it("lists the project's and the person's commands with description and hint, and names the files left out", async () => {
    const test = await start(
      {
        ".claude/commands/review-pr.md":
          "---\ndescription: Review a pull request\nargument-hint: <number>\n---\nReview PR $0.\n",
        ".claude/commands/git/commit.md": "Write a commit message.\n",
        ".claude/commands/huge.md": "x".repeat(70 * 1024),
      },
      { ".codex/prompts/draft.md": "Draft a note on $1.\n" },
    );
    symlinkSync(
      join(dirname(test.directories.project), "home"),
      join(test.directories.project, ".claude/commands/out.md"),
    );
    const list = await decodeResponse(
      await test.request("GET", "/api/custom-commands"),
      CustomCommandListSchema,
    );
    expect(list.commands.map((command) => [command.name, command.source, command.description])).toEqual([
      ["draft", "user", "Draft a note on $1."],
      ["git:commit", "project", "Write a commit message."],
      ["review-pr", "project", "Review a pull request"],
    ]);
    expect(list.commands.find((command) => command.name === "review-pr")?.argument_hint).toBe("<number>");
    expect(list.commands.some((command) => "body" in command)).toBe(false);
    expect(list.skipped.map((file) => file.path)).toEqual([
      ".claude/commands/huge.md",
      ".claude/commands/out.md",
    ]);
  });

  it("gives the model the command's prompt filled in while the message shows what the person typed", async () => {
    const test = await start({
      ".claude/commands/review-pr.md": "---\ndescription: Review\n---\nReview pull request #$0 carefully.\n",
    });
    const events = await test.events();
    test.fake.script(reply().text("Reviewed."), reply().text("Shipped."), reply().text("Plain."));
    const chat = decodeResponse(
      await test.request("POST", "/api/chat", { body: { text: "/review-pr 123" } }),
      ChatResponseSchema,
    );
    const first = await chat;
    await waitForOutcome(events, first.run_id as string);
    const request = JSON.stringify((await test.fake.waitForRequest(0)).body);
    expect(request).toContain("Review pull request #123 carefully.");
    expect(request).not.toContain("/review-pr 123");

    // A file written after the server started counts once the commands are listed again (the faces list
    // them as the person types `/`); a /name that is no command goes as typed.
    write(test.directories.project, { ".parley/commands/ship.md": "Ship $1 now." });
    await test.request("GET", "/api/custom-commands");
    for (const [index, text] of ["/ship v1.2", "/nothing here"].entries()) {
      const sent = await decodeResponse(
        await test.request("POST", "/api/chat", { body: { session_id: first.session_id, text } }),
        ChatResponseSchema,
      );
      await waitForOutcome(events, sent.run_id as string);
      const body = JSON.stringify((await test.fake.waitForRequest(index + 1)).body);
      expect(body).toContain(index === 0 ? "Ship v1.2 now." : "/nothing here");
    }
    const page = await decodeResponse(
      await test.request("GET", `/api/sessions/${first.session_id}/messages`),
      MessagePageSchema,
    );
    const typed = page.messages
      .filter((message) => message.role === "user")
      .map((message) => message.rich.data);
    expect(typed.map((data) => (data as { text: string }).text)).toEqual([
      "/review-pr 123",
      "/ship v1.2",
      "/nothing here",
    ]);
    await events.close();
  });

  it("fills in a command sent while the agent is busy when the queued message reaches the model", async () => {
    const test = await start({ ".opencode/command/ship.md": "Ship version $1 to $2." });
    const events = await test.events();
    test.fake.script(reply().text("Busy").gate("busy"), reply().text("Shipped."));
    const first = await decodeResponse(
      await test.request("POST", "/api/chat", { body: { text: "Start" } }),
      ChatResponseSchema,
    );
    await test.fake.waitForGate("busy");
    const queued = await decodeResponse(
      await test.request("POST", "/api/chat", {
        body: { session_id: first.session_id, text: "/ship 1.2 production" },
      }),
      ChatResponseSchema,
    );
    expect(queued.queue_item_id).toBeDefined();
    test.fake.release("busy");
    await waitForOutcome(events, first.run_id as string);
    const body = JSON.stringify((await test.fake.waitForRequest(1)).body);
    expect(body).toContain("Ship version 1.2 to production.");
    expect(body).not.toContain("/ship 1.2 production");
    await events.close();
  });

  it("runs nothing a command file asks to run", async () => {
    const test = await start({});
    const marker = join(test.directories.home, "ran");
    write(test.directories.project, {
      ".claude/commands/status.md": `---\nallowed-tools: Bash\n---\n!\`touch ${marker}\`\nSummarise the status.\n`,
    });
    // The faces list the commands as the person types `/`: that read is what the message then uses.
    await test.request("GET", "/api/custom-commands");
    const events = await test.events();
    test.fake.script(reply().text("Done."));
    const chat = await decodeResponse(
      await test.request("POST", "/api/chat", { body: { text: "/status" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);
    expect(JSON.stringify((await test.fake.waitForRequest(0)).body)).toContain(`!\`touch ${marker}\``);
    expect(existsSync(marker)).toBe(false);
    await events.close();
  });

  it("offers the project's and the person's skills as slash commands, a skill standing in for a command file of its name", async () => {
    const test = await start(
      {
        ".claude/skills/changelog/SKILL.md":
          "---\nname: changelog\ndescription: Write a changelog entry\nargument-hint: <version>\n---\nGroup under Fixed.\n",
        ".claude/commands/changelog.md": "The old changelog prompt.\n",
        ".claude/skills/house-style/SKILL.md":
          "---\nname: house-style\ndescription: The house style\nuser-invocable: false\n---\nTabs.\n",
      },
      {
        ".claude/skills/sign-off/SKILL.md":
          "---\nname: sign-off\ndescription: Sign off letters\n---\nSign as Sam.\n",
      },
    );
    const list = await decodeResponse(
      await test.request("GET", "/api/custom-commands"),
      CustomCommandListSchema,
    );
    expect(list.commands.map(({ name, source, kind, path }) => ({ name, source, kind, path }))).toEqual([
      { name: "changelog", source: "project", kind: "skill", path: ".claude/skills/changelog/SKILL.md" },
      {
        name: "sign-off",
        source: "user",
        kind: "skill",
        path: join(test.directories.home, "person/.claude/skills/sign-off/SKILL.md"),
      },
    ]);
    expect(list.commands[0]?.argument_hint).toBe("<version>");
    expect(list.skipped).toEqual([
      {
        path: ".claude/commands/changelog.md",
        reason: "the skill in .claude/skills/changelog/SKILL.md has the same name, and a skill wins",
      },
    ]);

    // Settings' instruction-file switch keeps the project's skills from the model, and from the slash list.
    await test.request("POST", "/api/settings", { body: { project_instructions: false } });
    const off = await decodeResponse(
      await test.request("GET", "/api/custom-commands"),
      CustomCommandListSchema,
    );
    expect(off.commands.map((command) => [command.name, command.kind])).toEqual([
      ["changelog", undefined],
      ["sign-off", "skill"],
    ]);
  });

  it("gives the model a typed /skill's instructions with its arguments while the message shows what was typed", async () => {
    const test = await start({
      ".claude/skills/changelog/SKILL.md":
        "---\nname: changelog\ndescription: Write a changelog entry\n---\nWrite the entry for version $0 under $ARGUMENTS[1].\n",
      ".claude/skills/release/SKILL.md":
        "---\nname: release\ndescription: Cut a release\ndisable-model-invocation: true\n---\nTag and push.\n",
    });
    const events = await test.events();
    test.fake.script(reply().text("Written."));
    const chat = await decodeResponse(
      await test.request("POST", "/api/chat", { body: { text: "/changelog 1.2 Fixed" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);
    const body = (await test.fake.waitForRequest(0)).body as {
      messages: { content: unknown }[];
      tools?: { name: string; description: string }[];
    };
    expect(JSON.stringify(body.messages.at(-1)?.content)).toContain(
      JSON.stringify(
        "Base directory for this skill: .claude/skills/changelog\n\nWrite the entry for version 1.2 under Fixed.",
      ).slice(1, -1),
    );
    expect(JSON.stringify(body)).not.toContain("/changelog 1.2 Fixed");
    // `disable-model-invocation: true` keeps it out of the model's catalogue; the person still types it.
    const catalogue = body.tools?.find((tool) => tool.name === "Skill")?.description ?? "";
    expect(catalogue).toContain("- changelog: Write a changelog entry");
    expect(catalogue).not.toContain("release");
    const page = await decodeResponse(
      await test.request("GET", `/api/sessions/${chat.session_id}/messages`),
      MessagePageSchema,
    );
    const typed = page.messages.filter((message) => message.role === "user");
    expect(typed.map((message) => (message.rich.data as { text: string }).text)).toEqual([
      "/changelog 1.2 Fixed",
    ]);
    await events.close();
  });

  /** What the model receives for `/changelog 1.2` sent right after `change`, with no listing between. */
  async function modelRequestAfter(change: (test: TestServer) => Promise<void>): Promise<string> {
    const test = await start({
      ".claude/skills/changelog/SKILL.md":
        "---\nname: changelog\ndescription: Write a changelog entry\n---\nThe repository's changelog steps.\n",
    });
    const events = await test.events();
    await decodeResponse(await test.request("GET", "/api/custom-commands"), CustomCommandListSchema);
    await change(test);
    test.fake.script(reply().text("Noted."));
    const chat = await decodeResponse(
      await test.request("POST", "/api/chat", { body: { text: "/changelog 1.2" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);
    await events.close();
    return JSON.stringify((await test.fake.waitForRequest(0)).body);
  }

  it("gives the model a project's /skill as typed once Settings turns project instructions off", async () => {
    const body = await modelRequestAfter(async (test) => {
      await test.request("POST", "/api/settings", { body: { project_instructions: false } });
    });
    expect(body).not.toContain("The repository's changelog steps.");
    expect(body).toContain("/changelog 1.2");
  });

  it("gives the model a /skill as typed once a Read rule denies its folder", async () => {
    const body = await modelRequestAfter(async (test) => {
      const rule = { tool: "Read", behavior: "deny", pattern: ".claude/skills/**" };
      expect((await test.request("POST", "/api/permission-rules", { body: rule })).status).toBe(201);
    });
    expect(body).not.toContain("The repository's changelog steps.");
    expect(body).toContain("/changelog 1.2");
  });
});

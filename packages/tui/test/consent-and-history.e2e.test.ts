import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_CLI_AVAILABILITY } from "@parley/sdk";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeParley, openParley, send } from "./support/parley-session.ts";
import { KEYS, type Terminal } from "./support/terminal.ts";
import { startTuiServer, type TuiServer } from "./support/tui-server.ts";

const PAGE_UP = "\u001b[5~";

// One `parley` in a project whose .mcp.json asks to start a server, as a freshly cloned repository would,
// run by a person who set NO_COLOR.
describe("parley in a terminal: a project's MCP servers and the whole history", { timeout: 120_000 }, () => {
  let server: TuiServer;
  let terminal: Terminal;

  beforeAll(async () => {
    server = await startTuiServer(({ project }) => {
      writeFileSync(
        join(project, ".mcp.json"),
        JSON.stringify({
          mcpServers: { fixture: { command: process.execPath, args: [FIXTURE_MCP_SERVER] } },
        }),
      );
      writeFileSync(join(project, "AGENTS.md"), "Use tabs for indentation.\n");
      mkdirSync(join(project, ".agents", "skills", "changelog"), { recursive: true });
      writeFileSync(
        join(project, ".agents", "skills", "changelog", "SKILL.md"),
        "---\nname: changelog\ndescription: Write the changelog entry.\n---\nGroup under Fixed.\n",
      );
    });
    terminal = await openParley(server, { NO_COLOR: "1" });
  }, 120_000);

  afterAll(() => closeParley(terminal, server));

  async function fixtureStatus(): Promise<string | undefined> {
    const list = await server.api("GET", "/api/mcp/servers");
    const servers = (list.body as { servers: { name: string; source: string; status: string }[] }).servers;
    return servers.find((entry) => entry.name === "fixture" && entry.source === "project")?.status;
  }

  it("says which project MCP server waits, shows what it would run, and starts it when approved by key", async () => {
    await terminal.waitFor("asks to start 1 MCP server: fixture. It does not run until you approve it.");
    expect(await fixtureStatus()).toBe("needs_approval");
    // NO_COLOR: the warning reads by its words and emphasis, not by colour.
    expect(terminal.showsColour()).toBe(false);

    await send(terminal, "/mcp");
    // An Ink frame can reach the terminal in several chunks: wait for the panel's last line, then read it.
    await terminal.waitFor("a approve and start");
    expect(terminal.screen()).toContain("Project MCP servers waiting for you");
    expect(terminal.screen()).toContain("fixture-mcp-server.mjs");

    terminal.write("a");

    await terminal.waitFor("Approved fixture: it starts now.");
    await server.server.context.mcp.settled();
    expect(await fixtureStatus()).toBe("connected");
    terminal.write(KEYS.escape);
    await terminal.waitFor((screen) => !screen.includes("Project MCP servers waiting for you"));
    expect(terminal.screen()).not.toContain("asks to start");
  });

  it("sets and removes an API key, deletes a permission rule, turns an MCP server off and on, adds and removes one of the person's own, overrides the model, turns the project's instruction files off, adds an endpoint and reads the agent CLIs and the limits in /settings", async () => {
    const rule = await server.api("POST", "/api/permission-rules", {
      tool: "Bash",
      pattern: "npm test:*",
      behavior: "allow",
    });
    expect(rule.status).toBe(201);
    await send(terminal, "/settings");
    await terminal.waitFor("Esc closes");
    await terminal.waitFor("openai");
    // The key from the environment shows where it comes from and its last characters, never itself.
    expect(terminal.screen()).toMatch(/anthropic +set \(.*\), from ANTHROPIC_API_KEY/);
    expect(terminal.screen()).toMatch(/openai +not set/);

    terminal.write(KEYS.down);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Enter saves");
    terminal.write("sk-tui-secret-9876");
    await terminal.waitFor("••••••••••••••••••");
    expect(terminal.screen()).not.toContain("sk-tui-secret");
    terminal.write(KEYS.enter);
    await terminal.waitFor("Saved the openai key.");
    expect(terminal.screen()).toMatch(/openai +set \(.*9876\)/);
    const keys = async () =>
      (
        (await server.api("GET", "/api/settings")).body as {
          api_keys: { provider: string; configured: boolean }[];
        }
      ).api_keys;
    expect((await keys()).find((key) => key.provider === "openai")?.configured).toBe(true);
    terminal.write("x");
    await terminal.waitFor("Removed the openai key.");
    expect((await keys()).find((key) => key.provider === "openai")?.configured).toBe(false);

    terminal.write(KEYS.right);
    await terminal.waitFor("d deletes the rule");
    expect(terminal.screen()).toMatch(/Allow +Bash\(npm test:\*\) · added through the API/);
    terminal.write("d");
    await terminal.waitFor("No rules yet");
    expect(((await server.api("GET", "/api/permission-rules")).body as { rules: unknown[] }).rules).toEqual(
      [],
    );

    terminal.write(KEYS.right);
    await terminal.waitFor("Space turns it off");
    expect(terminal.screen()).toMatch(/fixture +project · connected · \d+ tools?/);
    terminal.write(" ");
    await terminal.waitFor("Turned fixture off for this project.");
    expect(await fixtureStatus()).toBe("disabled");
    await terminal.waitFor("off in this project");
    terminal.write(" ");
    await terminal.waitFor("Turned fixture on: it starts now.");
    await server.server.context.mcp.settled();
    expect(await fixtureStatus()).toBe("connected");

    // A server of the person's own: a name the server would refuse is named, a config that is not JSON
    // is kept to be fixed, and the added server starts; x removes it again.
    terminal.write("a");
    await terminal.waitFor("Name of the server");
    await terminal.waitFor("Enter sends");
    terminal.write("my notes");
    await terminal.waitFor("│ my notes");
    terminal.write(KEYS.enter);
    await terminal.waitFor("Name: letters, digits, '_', '.' and '-', starting with a letter or digit");
    terminal.write("\u0015");
    await terminal.waitFor("e.g. github");
    terminal.write("notes");
    await terminal.waitFor(/│ notes +│/);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Config of notes");
    await terminal.waitFor("Enter sends");
    terminal.write(`{"command": "node", "args": [${JSON.stringify(FIXTURE_MCP_SERVER)}]`);
    await terminal.waitFor('{"command": "node"');
    terminal.write(KEYS.enter);
    await terminal.waitFor("Config: not valid JSON");
    terminal.write("}");
    await terminal.waitFor("]}");
    terminal.write(KEYS.enter);
    await terminal.waitFor("Added notes to your mcp.json: it starts now.");
    const listed = async () =>
      ((await server.api("GET", "/api/mcp/servers")).body as { servers: { name: string; source: string }[] })
        .servers;
    expect((await listed()).find((entry) => entry.name === "notes")?.source).toBe("user");
    await terminal.waitFor(/notes +user · connected/);
    const row = (await listed()).findIndex((entry) => entry.name === "notes");
    terminal.write(KEYS.up.repeat(5) + KEYS.down.repeat(row));
    await terminal.waitFor("x removes it");
    terminal.write("x");
    await terminal.waitFor("Removed notes from your mcp.json.");
    expect((await listed()).some((entry) => entry.name === "notes")).toBe(false);

    // The agent's override: another model from its next run, then taken back by saving it empty.
    const override = async () =>
      (
        (await server.api("GET", "/api/agent-override?agent_id=main")).body as {
          override: { model?: string } | null;
        }
      ).override;
    terminal.write(KEYS.right);
    await terminal.waitFor("Enter edits");
    expect(terminal.screen()).toMatch(/Model +the project's/);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Enter sends");
    terminal.write("anthropic:claude-other-2");
    await terminal.waitFor("claude-other-2");
    terminal.write(KEYS.enter);
    await terminal.waitFor("Saved; the agent's next run uses it.");
    expect(terminal.screen()).toMatch(/Model +anthropic:claude-other-2/);
    expect((await override())?.model).toBe("anthropic:claude-other-2");
    terminal.write(KEYS.enter);
    await terminal.waitFor("Enter sends");
    terminal.write("\u0015");
    await terminal.waitFor("provider:model, e.g.");
    terminal.write(KEYS.enter);
    await terminal.waitFor(/Model +the project's/);
    expect((await override())?.model).toBeUndefined();

    // The project's AGENTS.md is given to the agent; Enter on its row turns that off, and on again.
    expect(terminal.screen()).toMatch(/Project files +given: AGENTS\.md 26 B/);
    expect(terminal.screen()).toMatch(/Skills +offered: changelog/);
    terminal.write(KEYS.down);
    terminal.write(KEYS.down);
    terminal.write(KEYS.enter);
    await terminal.waitFor(/Project files +off: AGENTS\.md 26 B/);
    expect(terminal.screen()).toMatch(/Skills +off: changelog/);
    const settings = async () =>
      ((await server.api("GET", "/api/settings")).body as { settings: Record<string, unknown> }).settings;
    expect((await settings()).project_instructions).toBe(false);
    terminal.write(KEYS.enter);
    await terminal.waitFor(/Project files +given: AGENTS\.md 26 B/);
    expect((await settings()).project_instructions).toBeUndefined();

    // An OpenAI-compatible endpoint: its id, base URL and models typed one after another, then removed.
    terminal.write(KEYS.right);
    await terminal.waitFor("a adds an endpoint");
    terminal.write("a");
    const typeInto = async (label: string, text: string) => {
      await terminal.waitFor(label);
      await terminal.waitFor("Enter sends");
      terminal.write(text);
      await terminal.waitFor(`│ ${text}`);
      terminal.write(KEYS.enter);
    };
    await typeInto("Id: the provider part", "gateway");
    await typeInto("Base URL, with its version path", "notaurl");
    await typeInto("Models offered in pickers", "fake-chat-1, fake-chat-2");
    // Refused: the base URL is asked again as it was typed, the id and models are kept.
    await terminal.waitFor("Not saved:");
    await terminal.waitFor("│ notaurl");
    await terminal.waitFor("Base URL, with its version path");
    // One backspace a write: a chunk of several reaches the program as text.
    for (let left = "notaurl".length; left > 0; left--) {
      terminal.write("\u007f");
      const shown = `│ ${"notaurl".slice(0, left)}`;
      await terminal.waitFor((screen) => !screen.includes(shown));
    }
    await typeInto("Base URL, with its version path", "http://127.0.0.1:9/v1");
    await terminal.waitFor("Added gateway: pick it as the model with /model gateway:<model>");
    expect(terminal.screen()).toMatch(/gateway +http:\/\/127\.0\.0\.1:9\/v1 · fake-chat-1, fake-chat-2/);
    const endpoints = async () =>
      ((await settings()).providers as { openai_compatible?: unknown[] } | undefined)?.openai_compatible;
    expect(await endpoints()).toEqual([
      { id: "gateway", base_url: "http://127.0.0.1:9/v1", models: ["fake-chat-1", "fake-chat-2"] },
    ]);
    terminal.write("x");
    await terminal.waitFor("Removed gateway.");
    expect(await endpoints()).toEqual([]);

    // The agent CLIs as the server found them, and the set-up of the one under the cursor.
    const clis = (await server.api("GET", "/api/agent-clis")).body as {
      name: string;
      label: string;
      availability: string;
    }[];
    terminal.write(KEYS.right);
    await terminal.waitFor("choose a CLI to see its set-up");
    for (const cli of clis) {
      const words = AGENT_CLI_AVAILABILITY[cli.availability as keyof typeof AGENT_CLI_AVAILABILITY];
      expect(terminal.screen()).toMatch(
        new RegExp(`${cli.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} +${words}`),
      );
    }
    expect(terminal.screen()).toContain(`Model, API key or proxy for ${clis[0]?.label}`);
    terminal.write(KEYS.down);
    await terminal.waitFor(`Model, API key or proxy for ${clis[1]?.label}`);

    // The server's limits, each with the variable that sets it.
    const limits = (await server.api("GET", "/api/limits")).body as { max_queue_length: number };
    terminal.write(KEYS.right);
    await terminal.waitFor("The event history holds");
    expect(terminal.screen()).toMatch(
      new RegExp(
        `Queued messages per agent +${limits.max_queue_length.toLocaleString()} +PARLEY_MAX_QUEUE_LENGTH`,
      ),
    );
    expect(terminal.screen()).toMatch(/Message length +[\d,]+ characters/);

    terminal.write(KEYS.escape);
    await terminal.waitFor((screen) => !screen.includes("Esc closes"));
  });

  it("pages back through the conversation with PgUp and closes the history with Esc", async () => {
    for (const number of [1, 2, 3]) {
      server.fake.script(reply().text(`Answer number ${number}.`));
      await send(terminal, `Question number ${number}`);
      await terminal.waitFor(`Answer number ${number}.`);
    }

    terminal.write(PAGE_UP);

    // The history's last line comes last in its frame: once it shows, the whole view has been drawn.
    await terminal.waitFor("The latest message");
    expect(terminal.screen()).toContain("History ·");
    expect(terminal.showsColour()).toBe(false);
    expect(terminal.screen()).toContain("› Question number 3");
    terminal.write(KEYS.escape);
    await terminal.waitFor((screen) => !screen.includes("History ·"));
  });
});

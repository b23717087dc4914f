import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeParley, openParley, send } from "./support/parley-session.ts";
import { KEYS, type Terminal } from "./support/terminal.ts";
import { startTuiServer, type TuiServer } from "./support/tui-server.ts";

const CTRL_U = "\u0015";
/** Enough files that the project's tree takes more rows than the Project view shows at once. */
const SOURCE_FILES = Array.from(
  { length: 14 },
  (_, index) => `module-${String(index + 1).padStart(2, "0")}.ts`,
);

// One `parley` in a small project (a package.json, a README and a src folder), through /structure, the
// Project view, the mission and the idle prompts setting, in that order, as one person would.
describe("parley in a terminal: the project's structure, the mission and idle prompts", {
  timeout: 120_000,
}, () => {
  let server: TuiServer;
  let terminal: Terminal;

  beforeAll(async () => {
    server = await startTuiServer(({ project }) => {
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: "durations", version: "1.0.0", dependencies: { zod: "^4.0.0" } }),
      );
      writeFileSync(join(project, "README.md"), "# Durations\n");
      mkdirSync(join(project, "src"));
      writeFileSync(join(project, "src", "duration.ts"), "export const second = 1000;\n");
      for (const name of SOURCE_FILES)
        writeFileSync(join(project, "src", name), `export const name = "${name}";\n`);
    });
    terminal = await openParley(server);
  }, 120_000);

  afterAll(() => closeParley(terminal, server));

  /** What the scripted model was sent last: the conversation as the agent reads it. */
  const lastModelRequest = () => server.fake.requests.at(-1)?.rawBody ?? "";

  it("attaches the project's files with /structure files and sends them with the next message", async () => {
    await send(terminal, "/structure files");

    await terminal.waitFor("Backspace in the empty box removes the last");
    expect(terminal.screen()).toContain("File list of the project");
    expect(terminal.screen()).toContain("17 files");

    server.fake.script(reply().text("I see the duration module."));
    await send(terminal, "What is in this project?");

    await terminal.waitFor("I see the duration module.");
    expect(lastModelRequest()).toContain("File list of the project, shared by the person");
    expect(lastModelRequest()).toContain("src/duration.ts");
    // The card follows the person's words in the conversation, and nothing waits to be attached any more.
    expect(terminal.history()).toContain("Project files");
    expect(terminal.screen()).not.toContain("Attached to your next message");
  });

  it("shows why /structure cannot read a path outside the project and keeps the typed line until it is changed", async () => {
    await send(terminal, "/structure tree ../elsewhere");

    await terminal.waitFor("Could not read the project: query.path:");
    expect(terminal.screen()).toContain("› /structure tree ../elsewhere");
    expect(terminal.screen()).not.toContain("Attached to your next message");
    terminal.write(CTRL_U);
    await terminal.waitFor(
      (screen) => screen.includes("Message Parley") && !screen.includes("Could not read the project"),
    );
  });

  it("shows the project's tree, files and dependencies in the Project view, scrolls, and shares the tree", async () => {
    await send(terminal, "/project");

    // The panel's key line is drawn last: once it shows, so does the structure above it.
    await terminal.waitFor((screen) => screen.includes("Esc closes") && screen.includes("Rows 1–"));
    expect(terminal.screen()).toContain("[Project tree]");
    expect(terminal.screen()).toMatch(/src\/ +\(15 entries\)/);
    const total = /Rows 1–\d+ of (\d+)/.exec(terminal.screen())?.[1];

    // The cursor goes to the last row and the rows scroll to keep it in view; then back to the top.
    terminal.write("G");
    await terminal.waitFor((screen) => new RegExp(`Rows \\d+–${total} of ${total}`).test(screen));
    expect(terminal.screen()).not.toContain("Rows 1–");
    terminal.write("g");
    await terminal.waitFor("Rows 1–");

    // Enter on src/ folds it away (its 15 files leave the view), and again brings them back.
    terminal.write(KEYS.down);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Rows 1–4 of 4");
    expect(terminal.screen()).toMatch(/[▸+] src\/ +\(15 entries\)/);
    expect(terminal.screen()).not.toContain("duration.ts");
    terminal.write(KEYS.enter);
    await terminal.waitFor(`of ${total}`);
    expect(terminal.screen()).toMatch(/[▾-] src\/ +\(15 entries\)/);

    terminal.write("f");
    await terminal.waitFor((screen) => screen.includes("[Project files]") && screen.includes("Rows 1–"));
    expect(terminal.screen()).toContain("src/duration.ts");

    terminal.write("d");
    await terminal.waitFor((screen) => screen.includes("[Dependencies]") && screen.includes("Rows 1–"));
    expect(terminal.screen()).toContain("Manifests: package.json");
    expect(terminal.screen()).toContain("zod");

    terminal.write("t");
    await terminal.waitFor((screen) => screen.includes("[Project tree]") && screen.includes("Rows 1–"));
    terminal.write("s");

    await terminal.waitFor("Backspace in the empty box removes the last");
    expect(terminal.screen()).not.toContain("[Project tree]");
    expect(terminal.screen()).toContain("Directory tree of the project");
    server.fake.script(reply().text("A small TypeScript project."));
    await send(terminal, "Here is the tree");
    await terminal.waitFor("A small TypeScript project.");
    expect(lastModelRequest()).toContain("Directory tree of the project, shared by the person");
    expect(lastModelRequest()).toContain("module-14.ts");
    // Both answers to a message with a card were written once each, and neither was then called empty.
    await send(terminal, "/project");
    await terminal.waitFor("Esc closes");
    terminal.write(KEYS.escape);
    await terminal.waitFor((screen) => !screen.includes("Esc closes"));
    expect(terminal.history()).not.toContain("Empty message");
  });

  it("shows the mission above the message box once one is set, and /mission clear takes it away", async () => {
    const set = await server.api("POST", "/api/mission", { text: "Make every duration test pass" });
    expect(set.status).toBe(200);

    await terminal.waitFor("Mission Make every duration test pass");

    await send(terminal, "/mission clear");
    await terminal.waitFor("Mission cleared.");
    await terminal.waitFor((screen) => !screen.includes("Mission Make every duration test pass"));
    expect((await server.api("GET", "/api/mission")).body).toEqual({ mission: null });
  });

  it("switches idle prompts on, changes their delay, and shows the server's refusal of a budget too large", async () => {
    const idlePrompts = async () =>
      ((await server.api("GET", "/api/settings")).body as { idle_prompts: Record<string, unknown> })
        .idle_prompts;
    await terminal.waitFor("idle prompts off");

    await send(terminal, "/idle");
    await terminal.waitFor("Enter saves · Esc closes");
    expect(terminal.screen()).toContain("Off (the default)");
    expect(terminal.screen()).toMatch(/❯ Prompt idle agents +off/);

    terminal.write(" ");

    await terminal.waitFor("Saved: On: after 10 minutes idle, at most 5 per mission.");
    await terminal.waitFor("idle prompts on");
    expect(await idlePrompts()).toMatchObject({ enabled: true, after_seconds: 600, source: "settings" });

    terminal.write(KEYS.down);
    await terminal.waitFor(/❯ Idle for \(minutes\) +10/);
    terminal.write("3");
    await terminal.waitFor(/❯ Idle for \(minutes\) +3\b/);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Saved: On: after 3 minutes idle, at most 5 per mission.");
    expect(await idlePrompts()).toMatchObject({ enabled: true, after_seconds: 180 });

    terminal.write(KEYS.down);
    await terminal.waitFor(/❯ Prompts per mission at most +5/);
    terminal.write("5000");
    await terminal.waitFor(/❯ Prompts per mission at most +5000/);
    terminal.write(KEYS.enter);
    await terminal.waitFor("Not saved: body.idle_prompts.max_turns_per_mission");
    expect(await idlePrompts()).toMatchObject({ max_turns_per_mission: 5 });

    terminal.write(KEYS.escape);
    await terminal.waitFor((screen) => !screen.includes("Enter saves · Esc closes"));
    expect(terminal.screen()).toContain("idle prompts on");
  });
});

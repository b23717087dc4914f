import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeParley, openParley, send } from "./support/parley-session.ts";
import { KEYS, type Terminal } from "./support/terminal.ts";
import { startTuiServer, type TuiServer } from "./support/tui-server.ts";

/** Forty distinct words, so a lost or doubled token shows as a wrong count, not just a length. */
const WORDS = Array.from({ length: 40 }, (_, index) => `word${index + 1}`);

function occurrences(text: string, word: string): number {
  return text.split(new RegExp(`\\b${word}\\b`)).length - 1;
}

// One `parley` process goes through the scenarios in order, as a person would in one sitting: starting the
// program compiles its TypeScript, which costs more than every scenario together.
describe("parley in a terminal, against a real server and the scripted model", { timeout: 120_000 }, () => {
  let server: TuiServer;
  let terminal: Terminal;

  beforeAll(async () => {
    server = await startTuiServer();
    terminal = await openParley(server);
  }, 120_000);

  afterAll(() => closeParley(terminal, server));

  it("attaches to the server serving the project and streams an answer, each word once", async () => {
    const answer = reply().text("Here is **the plan**:\n\n");
    for (const word of WORDS.slice(0, 20)) answer.text(`${word} `);
    answer.text("\n\n").gate("middle");
    for (const word of WORDS.slice(20)) answer.text(`${word} `);
    answer.text("\n\n```ts\nconst answer: number = 42;\n```\n");
    server.fake.script(answer);

    const clears = terminal.clears;
    await send(terminal, "Stream me forty words");
    await server.fake.waitForGate("middle");
    await terminal.waitFor((screen) => screen.includes("word20") && screen.includes("esc to stop"));

    server.fake.release("middle");
    await terminal.waitFor("const answer: number = 42;", { where: "history" });
    await terminal.waitFor((screen) => !screen.includes("esc to stop"));
    const history = terminal.history();
    for (const word of WORDS) expect(occurrences(history, word), word).toBe(1);
    expect(history.split("› Stream me forty words").length - 1).toBe(1);
    // Written once: the answer never cleared and repainted the screen.
    expect(terminal.clears).toBe(clears);
    // Colour where NO_COLOR is not set (the other e2e file runs without it).
    expect(terminal.showsColour()).toBe(true);
  });

  it("stops the run on Esc while it streams, keeping what was said", async () => {
    server.fake.script(reply().text("Counting slowly: one two ").hang());
    await send(terminal, "Count forever");
    await terminal.waitFor("one two");

    terminal.write(KEYS.escape);

    await terminal.waitFor("Stopped");
    expect(terminal.screen()).not.toContain("esc to stop");
  });

  it("asks before a write and runs it when the person presses y", async () => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "notes.txt", content: "from the terminal\n" }),
      reply().text("I wrote notes.txt."),
    );
    await send(terminal, "Write a note");
    // A frame can arrive in several chunks: wait for the card's choices, drawn after its title.
    await terminal.waitFor(/Approve once/);
    expect(terminal.screen()).toContain("needs your approval");

    terminal.write("y");

    await terminal.waitFor("I wrote notes.txt.");
    expect(readFileSync(join(server.project, "notes.txt"), "utf8")).toBe("from the terminal\n");
    expect(terminal.screen()).not.toContain("needs your approval");
  });

  it("clears the approval card when the approval is answered in the browser (the same HTTP API)", async () => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "elsewhere.txt", content: "approved in a browser\n" }),
      reply().text("Done, approved elsewhere."),
    );
    await send(terminal, "Write another note");
    await terminal.waitFor("needs your approval");

    const pending = await server.api("GET", "/api/approvals?state=pending");
    const [approval] = (pending.body as { approvals: { id: string }[] }).approvals;
    expect(approval).toBeDefined();
    const answered = await server.api("POST", `/api/approvals/${approval?.id}`, { decision: "approve" });
    expect(answered.status).toBe(200);

    await terminal.waitFor("Done, approved elsewhere.");
    expect(terminal.screen()).not.toContain("needs your approval");
    expect(existsSync(join(server.project, "elsewhere.txt"))).toBe(true);
  });

  it("answers the agent's question with the arrow keys and Enter", async () => {
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which database should the service use?",
            header: "Database",
            options: [
              { label: "SQLite", description: "One file, no server" },
              { label: "PostgreSQL", description: "A server, for many writers" },
            ],
          },
        ],
      }),
      reply().text("PostgreSQL it is."),
    );
    await send(terminal, "Pick a database with me");
    await terminal.waitFor("Which database should the service use?");

    terminal.write(KEYS.down);
    await terminal.waitFor(/❯ 2\. PostgreSQL/);
    terminal.write(KEYS.enter);

    await terminal.waitFor("PostgreSQL it is.");
    await terminal.waitFor("✓ PostgreSQL", { where: "history" });
    const request = server.fake.requests.at(-1)?.rawBody ?? "";
    expect(request).toContain("PostgreSQL");
  });

  it("redraws for a resized terminal", async () => {
    terminal.resize(60, 20);

    await terminal.waitFor((screen) =>
      screen.split("\n").some((line) => line.startsWith("╭") && line.length === 60),
    );
    const lines = terminal.screen().split("\n");
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    terminal.resize(100, 30);
    await terminal.waitFor((screen) =>
      screen.split("\n").some((line) => line.startsWith("╭") && line.length === 100),
    );
  });

  it("survives a server restart mid-answer: it reconnects, and no word is lost or shown twice", async () => {
    const answer = reply();
    for (const word of WORDS.slice(0, 15)) answer.text(`${word.toUpperCase()} `);
    answer.hang("restart");
    server.fake.script(answer);
    await send(terminal, "Start a long answer");
    await terminal.waitFor("WORD15");

    await server.restart(() => terminal.waitFor(/reconnecting|offline/).then(() => undefined));

    await terminal.waitFor("Interrupted: the server restarted during this turn", { timeoutMs: 60_000 });
    await terminal.waitFor("● connected");
    const history = terminal.history();
    for (const word of WORDS.slice(0, 15)) expect(occurrences(history, word.toUpperCase()), word).toBe(1);

    server.fake.script(reply().text("Back after the restart."));
    await send(terminal, "Still there?");
    await terminal.waitFor("Back after the restart.");
  });
});

import type { ParleyClient, WorkflowClient } from "@parley/sdk";
import { describe, expect, it, vi } from "vitest";
import { KEY, renderInTerminal } from "../../test/render.tsx";
import { ServicesProvider, type TuiServices } from "../store/services.tsx";
import { Composer } from "./composer.tsx";

/** What the message box asks the server for its completions: workflows, MCP prompts and the project's files. */
function services(): TuiServices {
  const client = {
    listMcpServers: async () => ({
      servers: [
        { prompts: [{ command: "/mcp__docs__summarize", arguments: [{ name: "topic", required: true }] }] },
      ],
    }),
    getProjectStructure: async () => ({
      kind: "ProjectStructure",
      data: {
        structure_type: "file_list",
        content: [{ path: "src/duration.ts" }, { path: "src/app.ts" }, { path: "README.md" }],
      },
    }),
  } as unknown as ParleyClient;
  const workflows = {
    definitions: async () => ({
      workflows: [{ name: "release", inputs: { version: { type: "string", default: "0.1.0" } } }],
      problems: [],
    }),
  } as unknown as WorkflowClient;
  return { store: { client } as TuiServices["store"], workflows, projectRoot: "/project" };
}

function box(history: string[] = []) {
  const onSubmit = vi.fn();
  const view = renderInTerminal(
    <ServicesProvider services={services()}>
      <Composer focused busy={false} history={history} onSubmit={onSubmit} />
    </ServicesProvider>,
  );
  return { ...view, onSubmit };
}

describe("the message box", () => {
  it("sends on Enter and empties itself", async () => {
    const { press, onSubmit, frame } = box();
    await press("Hello", KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("Hello");
    expect(frame()).toContain("Message Parley");
  });

  it("adds a line with Alt-Enter or a trailing backslash, and sends both lines on Enter", async () => {
    const { press, onSubmit, frame } = box();
    await press("one", "\u001b\r", "two\\", KEY.enter, "three");
    expect(frame()).toContain("3 lines");
    await press(KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("one\ntwo\nthree");
  });

  it("recalls earlier messages with ↑ and gives back the draft with ↓", async () => {
    const { press, frame } = box(["first", "second"]);
    await press("draft", KEY.up);
    expect(frame()).toContain("second");
    await press(KEY.up);
    expect(frame()).toContain("first");
    await press(KEY.down, KEY.down);
    expect(frame()).toContain("draft");
  });

  it("takes a bracketed paste whole, Enter included, and shows a long one as a placeholder but sends it in full", async () => {
    const { press, onSubmit, frame } = box();
    const long = Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n");
    await press(`\u001b[200~${long}\u001b[201~`);
    expect(frame()).toContain("[Pasted text #1 +20 lines]");
    await press(KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith(long);
  });

  it("completes commands, the project's workflows and MCP prompts after /, with Tab", async () => {
    const { press, frame } = box();
    await press("/");
    await vi.waitFor(() => expect(frame()).toContain("/release version=0.1.0"));
    expect(frame()).toContain("/mcp__docs__summarize topic=…");
    await press("re", KEY.tab);
    expect(frame()).toContain("/release");
    expect(frame()).not.toContain("/rename");
  });

  it("completes the project's files after @", async () => {
    const { press, onSubmit, frame } = box();
    await press("look at @dura");
    await vi.waitFor(() => expect(frame()).toContain("@src/duration.ts"));
    await press(KEY.tab, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("look at @src/duration.ts ");
  });
});

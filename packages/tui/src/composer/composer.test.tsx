import { ApiRequestError, type ParleyClient, type WorkflowClient } from "@parley/sdk";
import { describe, expect, it, vi } from "vitest";
import { KEY, renderInTerminal } from "../../test/render.tsx";
import { ServicesProvider, type TuiServices, useServices } from "../store/services.tsx";
import { Composer } from "./composer.tsx";
import { useAttachments } from "./use-attachments.ts";

/**
 * What the message box asks the server for its completions: workflows, custom commands, MCP prompts and the
 * project's files.
 */
function services(): TuiServices {
  const client = {
    listCustomCommands: async () => ({
      commands: [
        {
          name: "review-pr",
          description: "Review a pull request",
          argument_hint: "<number>",
          source: "project",
          origin: "claude",
          path: ".claude/commands/review-pr.md",
        },
        {
          name: "changelog",
          description: "Write a changelog entry",
          source: "project",
          origin: "claude",
          kind: "skill",
          path: ".claude/skills/changelog/SKILL.md",
        },
      ],
      skipped: [],
    }),
    listMcpServers: async () => ({
      servers: [
        { prompts: [{ command: "/mcp__docs__summarize", arguments: [{ name: "topic", required: true }] }] },
      ],
    }),
    getProjectStructure: async ({ path }: { path?: string }) => {
      // As the server refuses a path outside the project: a 400 naming query.path.
      if (path?.startsWith("..") === true)
        throw new ApiRequestError("GET /api/workspace/structure failed: 400", {
          method: "GET",
          path: "/api/workspace/structure",
          status: 400,
          code: "invalid_request",
          body: {
            error: { code: "invalid_request", message: "query.path: outside the project", issues: [] },
          },
        });
      return {
        kind: "ProjectStructure",
        data: {
          structure_type: "file_list",
          root_path: "/project",
          content: [{ path: "src/duration.ts" }, { path: "src/app.ts" }, { path: "README.md" }],
        },
      };
    },
  } as unknown as ParleyClient;
  const workflows = {
    definitions: async () => ({
      workflows: [{ name: "release", inputs: { version: { type: "string", default: "0.1.0" } } }],
      problems: [],
    }),
  } as unknown as WorkflowClient;
  const missions = { active: async () => null } as unknown as TuiServices["missions"];
  return { store: { client } as TuiServices["store"], workflows, missions, projectRoot: "/project" };
}

/** The message box with the attachments the app keeps for it. */
function BoxWithAttachments(props: { history: string[]; onSubmit: (text: string) => void }) {
  const { store } = useServices();
  const attachments = useAttachments(store.client);
  return <Composer focused busy={false} attachments={attachments} {...props} />;
}

function box(history: string[] = []) {
  const onSubmit = vi.fn();
  const view = renderInTerminal(
    <ServicesProvider services={services()}>
      <BoxWithAttachments history={history} onSubmit={onSubmit} />
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

  it("completes commands, the project's workflows, custom commands, skills and MCP prompts after /, with Tab", async () => {
    const { press, frame } = box();
    await press("/");
    await vi.waitFor(() => expect(frame()).toContain("/release version=0.1.0"));
    await vi.waitFor(() => expect(frame()).toContain("/review-pr <number>"));
    expect(frame()).toContain("Review a pull request");
    expect(frame()).toContain("skill: Write a changelog entry");
    expect(frame()).toContain("/mcp__docs__summarize topic=…");
    await press("re", KEY.tab);
    expect(frame()).toContain("/release");
    expect(frame()).not.toContain("/rename");
  });

  it("fills in a custom command's name with Tab, ready for its arguments", async () => {
    const { press, onSubmit, frame } = box();
    await press("/review");
    await vi.waitFor(() => expect(frame()).toContain("/review-pr <number>"));
    await press(KEY.tab, "42", KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("/review-pr 42");
  });

  it("completes the project's files after @", async () => {
    const { press, onSubmit, frame } = box();
    await press("look at @dura");
    await vi.waitFor(() => expect(frame()).toContain("@src/duration.ts"));
    await press(KEY.tab, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("look at @src/duration.ts ");
  });

  it("attaches the project's structure on /structure instead of sending, shows it above the box and removes it with Backspace", async () => {
    const { press, onSubmit, frame } = box();
    await press("/structure files", KEY.enter);
    await vi.waitFor(() => expect(frame()).toContain("File list of the project /project · 3 files"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(frame()).toContain("Attached to your next message");
    expect(frame()).toContain("Message Parley");

    await press(KEY.backspace);
    expect(frame()).not.toContain("File list of the project");
  });

  it("sends a message with nothing typed once a structure is attached", async () => {
    const { press, onSubmit, frame } = box();
    await press("/structure", KEY.enter);
    await vi.waitFor(() => expect(frame()).toContain("Attached to your next message"));
    await press(KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith("");
  });

  it("shows why /structure could not read the project and keeps the typed line until it is changed", async () => {
    const { press, onSubmit, frame } = box();
    await press("/structure tree ../elsewhere", KEY.enter);
    await vi.waitFor(() =>
      expect(frame()).toContain("Could not read the project: query.path: outside the project"),
    );
    expect(frame()).toContain("/structure tree ../elsewhere");
    expect(frame()).not.toContain("Attached to your next message");
    expect(onSubmit).not.toHaveBeenCalled();
    await press(KEY.backspace);
    expect(frame()).not.toContain("Could not read the project");
  });

  it("offers /structure with what it takes after /", async () => {
    const { press, frame } = box();
    await press("/stru");
    await vi.waitFor(() => expect(frame()).toContain("/structure [tree|files|dependencies] [path]"));
  });
});

import type { MessageAttachment } from "@parley/protocol";
import type { ChatStoreState } from "@parley/sdk";
import { describe, expect, it, vi } from "vitest";
import type { TuiServices } from "../store/services.tsx";
import { type CommandContext, runCommand } from "./run-command.ts";

/** What a command reaches: a store (its actions recorded), the workflows the project has, and the app. */
function context(state: Partial<ChatStoreState> = {}) {
  const store = {
    getSnapshot: () => ({ activeSessionId: "session-1", ...state }) as ChatStoreState,
    sendMessage: vi.fn(async (_text: string, _options?: unknown) => {}),
    stopRun: vi.fn(async () => {}),
    compact: vi.fn(async () => {}),
    rewindFiles: vi.fn(async (runId: string, options: { dryRun: boolean }) => ({
      session_id: "session-1",
      run_id: runId,
      dry_run: options.dryRun,
      files: [
        { path: "app.ts", outcome: "restored" as const, changed_since_agent: true },
        { path: "big.bin", outcome: "not_restorable" as const, reason: "too large" },
      ],
    })),
    renameSession: vi.fn(async () => {}),
    setPermissionMode: vi.fn(async () => {}),
    client: { baseUrl: "http://127.0.0.1:1" },
  };
  const workflows = { definitions: async () => ({ workflows: [], problems: [] }) };
  let mission: { text: string } | null = null;
  const missions = {
    active: vi.fn(async () => mission),
    set: vi.fn(async (text: string) => {
      mission = { text };
      return mission;
    }),
    clear: vi.fn(async () => {
      const cleared = mission;
      mission = null;
      return cleared;
    }),
  };
  const app: CommandContext = {
    services: { store, workflows, missions, projectRoot: "/project" } as unknown as TuiServices,
    openOverlay: vi.fn(),
    notify: vi.fn(),
    newChat: vi.fn(async () => {}),
    attachments: { take: () => [], giveBack: vi.fn() },
    clearScreen: vi.fn(),
    exit: vi.fn(),
  };
  return { app, store, missions };
}

describe("the commands typed in the message box", () => {
  it("opens the history, the MCP review, the sessions, the workflows, the help, the Project view, idle prompts and settings", async () => {
    const { app } = context();
    for (const command of [
      "/history",
      "/mcp",
      "/sessions",
      "/workflows",
      "/help",
      "/project",
      "/idle",
      "/settings",
    ])
      await runCommand(command, app);
    expect(vi.mocked(app.openOverlay).mock.calls.map(([overlay]) => overlay)).toEqual([
      "history",
      "mcp",
      "sessions",
      "workflows",
      "help",
      "project",
      "idle",
      "settings",
    ]);
  });

  it("changes the permission mode by name and lists the modes when none is given", async () => {
    const { app, store } = context();
    await runCommand("/mode plan", app);
    expect(store.setPermissionMode).toHaveBeenCalledWith("plan");
    await runCommand("/mode", app);
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toContain("Shift-Tab moves to the next one");
    await runCommand("/mode sideways", app);
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toBe('Unknown mode "sideways": /mode lists them.');
  });

  it("lists what rewinding the last changed run would do, warns about files changed since, and rewinds on confirm", async () => {
    const report = (runId: string, extra: object = {}) =>
      JSON.stringify({ type: "change_report", run_id: runId, files: [], ...extra });
    const { app, store } = context({
      session: {
        messages: [
          { id: "m1", segments: [{ id: "s1", text: report("run_1"), streaming: false }] },
          { id: "m2", segments: [{ id: "s2", text: report("run_2"), streaming: false }] },
          {
            id: "m3",
            segments: [{ id: "s3", text: report("", { rewind: { run_id: "run_1" } }), streaming: false }],
          },
        ],
      } as unknown as ChatStoreState["session"],
    });
    await runCommand("/rewind", app);
    expect(store.rewindFiles).toHaveBeenLastCalledWith("run_2", { dryRun: true });
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toBe(
      "Rewinding to before the last run: put back app.ts; cannot be put back big.bin (too large). " +
        "Changed since the agent last did (lost too): app.ts. /rewind confirm does it.",
    );
    await runCommand("/rewind confirm", app);
    expect(store.rewindFiles).toHaveBeenLastCalledWith("run_2", { dryRun: false });
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toContain("Rewound 1 file");
    // A confirm with nothing listed since does nothing but ask for a listing.
    const calls = store.rewindFiles.mock.calls.length;
    await runCommand("/rewind confirm", app);
    expect(store.rewindFiles.mock.calls).toHaveLength(calls);
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toBe(
      "/rewind first lists what a rewind would do now; then /rewind confirm does it.",
    );

    const { app: empty } = context({ session: { messages: [] } as unknown as ChatStoreState["session"] });
    await runCommand("/rewind", empty);
    expect(vi.mocked(empty.notify).mock.lastCall?.[0]).toBe(
      "No run of this session changed a file: nothing to rewind.",
    );
  });

  it("compacts with instructions, renames, stops, clears into a new chat, and refuses an unknown agent CLI", async () => {
    const { app, store } = context();
    await runCommand("/compact keep the API notes", app);
    expect(store.compact).toHaveBeenCalledWith("keep the API notes");
    await runCommand("/rename Duration bug", app);
    expect(store.renameSession).toHaveBeenCalledWith("session-1", "Duration bug");
    await runCommand("/stop", app);
    expect(store.stopRun).toHaveBeenCalled();
    await runCommand("/clear", app);
    expect(app.clearScreen).toHaveBeenCalled();
    expect(app.newChat).toHaveBeenCalledWith();
    await runCommand("/new codex", app);
    expect(app.newChat).toHaveBeenLastCalledWith("codex");
    await runCommand("/new vim", app);
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toContain('Unknown agent CLI "vim"');
  });

  it("sends anything else as a message, a slash that names no command included", async () => {
    const { app, store } = context();
    await runCommand("/usr/bin is on the PATH?", app);
    await runCommand("Fix the duration test", app);
    expect(store.sendMessage.mock.calls.map(([text]) => text)).toEqual([
      "/usr/bin is on the PATH?",
      "Fix the duration test",
    ]);
  });

  it("sends the attached structures with the message, and keeps them for the next one when the send fails", async () => {
    const { app, store } = context();
    const attachment = {
      kind: "ProjectStructure",
      data: { structure_type: "tree", root_path: "/project" },
    } as unknown as MessageAttachment;
    app.attachments = { take: vi.fn(() => [attachment]), giveBack: vi.fn() };
    await runCommand("Look at this", app);
    expect(store.sendMessage).toHaveBeenLastCalledWith("Look at this", { attachments: [attachment] });
    expect(app.attachments.giveBack).not.toHaveBeenCalled();

    let error: string | undefined;
    store.getSnapshot = () => ({ activeSessionId: "session-1", error }) as ChatStoreState;
    store.sendMessage.mockImplementationOnce(async () => {
      error = "Could not send: the server is gone";
    });
    await runCommand("Again", app);
    expect(app.attachments.giveBack).toHaveBeenCalledWith([attachment]);
  });

  it("shows, sets and clears the project's mission", async () => {
    const { app, missions } = context();
    await runCommand("/mission", app);
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toContain("No mission is set");
    await runCommand("/mission Ship the release", app);
    expect(missions.set).toHaveBeenCalledWith("Ship the release");
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toBe("Mission set: Ship the release");
    await runCommand("/mission clear", app);
    expect(missions.clear).toHaveBeenCalled();
    expect(vi.mocked(app.notify).mock.lastCall?.[0]).toBe("Mission cleared.");
  });
});

import type { AgentCliName, SelectablePermissionMode } from "@parley/protocol";
import { apiMessage, modeLabel, PERMISSION_MODES, parseWorkflowCommand } from "@parley/sdk";
import type { Attachments } from "../composer/use-attachments.ts";
import type { TuiServices } from "../store/services.tsx";
import { rewind } from "./rewind-command.ts";
import { splitCommand } from "./slash-commands.ts";

/** A panel that takes the keys while it is open. */
export type Overlay = "sessions" | "help" | "workflows" | "history" | "mcp" | "project" | "idle" | "settings";

/** What a command may do to the app around it. */
export interface CommandContext {
  services: TuiServices;
  openOverlay(overlay: Overlay): void;
  /** A line of feedback under the conversation (a command's result or what went wrong). */
  notify(text: string): void;
  newChat(backend?: AgentCliName): Promise<void>;
  /** The cards attached to the message being written: a message takes them, a failed send gives them back. */
  attachments: Pick<Attachments, "take" | "giveBack">;
  clearScreen(): void;
  exit(): void;
}

const AGENT_CLIS: readonly AgentCliName[] = ["claude-code", "opencode", "codex", "gemini"];

/**
 * Runs what was typed in the message box: one of Parley's commands, a `/workflow key=value` line (when
 * the project has that workflow), or else a message (an MCP prompt command is filled in by the store).
 */
export async function runCommand(text: string, context: CommandContext): Promise<void> {
  const { store, workflows } = context.services;
  const command = splitCommand(text);
  const state = store.getSnapshot();
  const sessionId = state.activeSessionId;
  switch (command?.name) {
    case "help":
      return context.openOverlay("help");
    case "sessions":
      return context.openOverlay("sessions");
    case "workflows":
      return context.openOverlay("workflows");
    case "history":
      return context.openOverlay("history");
    case "mcp":
      return context.openOverlay("mcp");
    case "project":
      return context.openOverlay("project");
    case "idle":
      return context.openOverlay("idle");
    case "settings":
      return context.openOverlay("settings");
    case "mission":
      return mission(command.rest, context);
    case "quit":
    case "exit":
      return context.exit();
    case "stop":
      return store.stopRun();
    case "clear":
      context.clearScreen();
      return context.newChat();
    case "new": {
      const backend = command.rest === "" ? undefined : (command.rest as AgentCliName);
      if (backend !== undefined && !AGENT_CLIS.includes(backend))
        return context.notify(`Unknown agent CLI "${command.rest}": choose ${AGENT_CLIS.join(", ")}.`);
      return context.newChat(backend);
    }
    case "rename":
      if (sessionId === undefined)
        return context.notify("Send a message first: a new chat has no session to rename yet.");
      if (command.rest === "") return context.notify("Give the new title: /rename <title>");
      return store.renameSession(sessionId, command.rest.slice(0, 200));
    case "delete":
      if (sessionId === undefined) return context.notify("There is no session to delete yet.");
      return context.openOverlay("sessions");
    case "compact":
      return store.compact(command.rest === "" ? undefined : command.rest);
    case "rewind":
      return rewind(command.rest, context);
    case "mode":
      return setMode(command.rest, context);
    case "model":
      return setModel(command.rest, context);
    case "unqueue": {
      const last = state.session?.queue.at(-1);
      if (last === undefined) return context.notify("Nothing is queued.");
      return store.removeQueued(last.id);
    }
    case "web": {
      const link = context.services.browserLink?.();
      return context.notify(
        link === undefined
          ? `Open ${store.client.baseUrl} in a browser (sign in with the token from parley serve).`
          : `Open in a browser: ${link}`,
      );
    }
  }
  const workflow = parseWorkflowCommand(text);
  if (workflow !== undefined) {
    const known = await workflows.definitions().then(
      (list) => list.workflows.some((definition) => definition.name === workflow.name),
      () => false,
    );
    if (known) {
      try {
        const view = await workflows.start(workflow.name, {
          inputs: workflow.inputs,
          ...(sessionId !== undefined && { session_id: sessionId }),
        });
        if (sessionId === undefined) await store.openSession(view.session_id);
      } catch (error) {
        context.notify(`Could not start the workflow ${workflow.name}: ${(error as Error).message}`);
      }
      return;
    }
  }
  return sendWithAttachments(text, context);
}

/** Sends a message with the cards attached to it; when the send fails they wait for the next one. */
async function sendWithAttachments(text: string, context: CommandContext): Promise<void> {
  const { store } = context.services;
  const attachments = context.attachments.take();
  if (attachments.length === 0) return store.sendMessage(text);
  const errorBefore = store.getSnapshot().error;
  await store.sendMessage(text, { attachments });
  const errorAfter = store.getSnapshot().error;
  if (errorAfter !== undefined && errorAfter !== errorBefore) context.attachments.giveBack(attachments);
}

/** `/mission` shows the project's mission, `/mission <text>` sets it and `/mission clear` clears it. */
async function mission(typed: string, context: CommandContext): Promise<void> {
  const { missions } = context.services;
  try {
    if (typed === "") {
      const active = await missions.active();
      return context.notify(
        active === null
          ? "No mission is set: /mission <text> sets the goal every run is told (and idle prompts work toward)."
          : `Mission: ${active.text} (/mission clear clears it)`,
      );
    }
    if (typed.toLowerCase() === "clear") {
      const cleared = await missions.clear();
      return context.notify(cleared === null ? "No mission was set." : "Mission cleared.");
    }
    const set = await missions.set(typed);
    context.notify(`Mission set: ${set.text}`);
  } catch (error) {
    context.notify(`Could not change the mission: ${apiMessage(error)}`);
  }
}

async function setMode(typed: string, context: CommandContext): Promise<void> {
  const { store } = context.services;
  if (typed === "") {
    const list = PERMISSION_MODES.map((mode) => `${mode.value} (${mode.label})`).join(", ");
    return context.notify(`Permission modes: ${list}. Shift-Tab moves to the next one.`);
  }
  const mode = PERMISSION_MODES.find((option) => option.value.toLowerCase() === typed.toLowerCase());
  if (mode === undefined) return context.notify(`Unknown mode "${typed}": /mode lists them.`);
  await store.setPermissionMode(mode.value as SelectablePermissionMode);
  context.notify(`Permission mode: ${modeLabel(mode.value)}`);
}

async function setModel(typed: string, context: CommandContext): Promise<void> {
  const { store } = context.services;
  try {
    if (typed !== "") await store.client.updateSettings({ model: typed });
    const view = await store.client.getSettings();
    const problem = view.model.error === undefined ? "" : ` — ${view.model.error}`;
    context.notify(
      `${typed === "" ? "Model" : "Model now"}: ${view.model.label} (${view.model.ref})${problem}${typed === "" ? ". /model provider:model changes it." : ""}`,
    );
  } catch (error) {
    context.notify(`Could not change the model: ${(error as Error).message}`);
  }
}

import type { AgentOverride, ProjectInstructionsStatus, SetAgentOverrideRequest } from "@parley/protocol";
import { apiMessage, formatBytes, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { LineInput } from "../input/line-input.tsx";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";
import { useSettingsView } from "./use-settings-view.ts";

/** The agent the chat talks to; its override is the one people set (as in the web's Settings). */
const AGENT_ID = "main";

const FIELDS = [
  { id: "model", label: "Model", placeholder: "provider:model, e.g. anthropic:claude-sonnet-4-5" },
  {
    id: "system_prompt",
    label: "Instructions",
    placeholder: "added to the agent's own (Alt-Enter: new line)",
  },
] as const;
type Field = (typeof FIELDS)[number]["id"];

/** The row after the fields: the project's instruction files, which Enter turns off and on. */
const PROJECT_FILES_ROW = FIELDS.length;

/** "given: AGENTS.md 26 B (also CLAUDE.md), CLAUDE.local.md 80 KiB (first 64 KiB)": what the agent gets. */
function describeFiles(status: ProjectInstructionsStatus): string {
  if (status.files.length === 0) return "none in this project";
  const files = status.files.map((file) => {
    const cut = file.given_bytes < file.bytes ? ` (first ${formatBytes(file.given_bytes)})` : "";
    const also = file.duplicates ? ` (also ${file.duplicates.join(", ")})` : "";
    const by = file.imported_by !== undefined ? ` (imported by ${file.imported_by})` : "";
    return `${file.path} ${formatBytes(file.bytes)}${by}${cut}${also}`;
  });
  return `${status.enabled ? "given" : "off"}: ${files.join(", ")}`;
}

/** The skills the agent's `Skill` tool offers, by name, whose each (the project's or the person's own). */
function describeSkills(status: ProjectInstructionsStatus): string {
  const skills = status.skills ?? [];
  if (skills.length === 0) return "none";
  const names = skills.map((skill) => `${skill.name}${skill.source === "user" ? " (yours)" : ""}`);
  return `${status.enabled ? "offered" : "off"}: ${names.join(", ")}`;
}

/**
 * The main agent's overrides for this project (seed 002 `agent-override`), as the web's Settings has them:
 * another model and instructions added to its own, from its next run. Enter edits the field under the
 * cursor and saves it through `POST /api/agent-override`; saving it empty takes that override back. Below
 * them, the project's instruction files (AGENTS.md, CLAUDE.md) the agent is given, and those not read with
 * why; Enter on that row turns them off or on (`project_instructions` in the settings), and with them the
 * skills listed under it.
 */
export function AgentOverrideTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { missions, store } = useServices();
  const [current, setCurrent] = useState<AgentOverride | null | undefined>();
  const [editing, setEditing] = useState<Field | undefined>();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const { view, setView } = useSettingsView((text) => setResult({ text, failed: true }));
  const instructions = view?.project_instructions;
  const cursor = useListCursor(FIELDS.length + 1);

  useEffect(() => {
    missions
      .override(AGENT_ID)
      .then(setCurrent, (error: unknown) =>
        setResult({ text: `Could not read the override: ${apiMessage(error)}`, failed: true }),
      );
  }, [missions]);

  const toggleInstructions = (status: ProjectInstructionsStatus) => {
    setResult(undefined);
    // Removing the field returns to the default (given), so the settings file only says "off".
    store.client.updateSettings({ project_instructions: status.enabled ? false : null }).then(
      (saved) => {
        setView(saved);
        setResult({
          text: saved.project_instructions?.enabled
            ? "The agent is given the project's instruction files from its next run."
            : "The agent is not given the project's instruction files from its next run.",
          failed: false,
        });
      },
      (error: unknown) => setResult({ text: `Not saved: ${apiMessage(error)}`, failed: true }),
    );
  };

  const save = (field: Field, text: string) => {
    if (current === undefined) return;
    const value = text.trim();
    const request: SetAgentOverrideRequest = {
      agent_id: AGENT_ID,
      ...(current?.model !== undefined && { model: current.model }),
      ...(current?.system_prompt !== undefined && { system_prompt: current.system_prompt }),
      ...(current?.permission_mode !== undefined && { permission_mode: current.permission_mode }),
    } as SetAgentOverrideRequest;
    if (value === "") delete request[field];
    else request[field] = value;
    setResult(undefined);
    missions.setOverride(request).then(
      (saved) => {
        setCurrent(saved);
        setResult({ text: "Saved; the agent's next run uses it.", failed: false });
      },
      (error: unknown) => setResult({ text: `Not saved: ${apiMessage(error)}`, failed: true }),
    );
  };

  // While a field is edited its own box takes the keys; the page leaves them to it.
  tabKeys.current = (_input, key) => {
    if (editing !== undefined) return true;
    if (cursor.move(key)) return true;
    if (key.return && cursor.read() === PROJECT_FILES_ROW) {
      if (instructions !== undefined) toggleInstructions(instructions);
      return true;
    }
    if (key.return && current !== undefined) {
      setResult(undefined);
      setEditing(FIELDS[cursor.read()]?.id);
      return true;
    }
    return false;
  };

  const field = FIELDS.find((candidate) => candidate.id === editing);
  return (
    <Box flexDirection="column">
      <Text dimColor>
        For this project only: the model the main agent uses and instructions added to its own, from its next
        run. Empty uses the project's.
      </Text>
      {current === undefined && result === undefined && <Text dimColor>Reading the override…</Text>}
      {current !== undefined &&
        FIELDS.map((candidate, index) => {
          const value = current?.[candidate.id];
          return (
            <Text key={candidate.id} bold={index === cursor.at}>
              {`${index === cursor.at ? glyphs.pointer : " "} ${candidate.label.padEnd(14)}`}
              {value === undefined ? (
                <Text dimColor>the project's</Text>
              ) : (
                <Text color={theme.accent}>{safeText(value.replace(/\s+/g, " "))}</Text>
              )}
            </Text>
          );
        })}
      {instructions !== undefined && (
        <Text bold={cursor.at === PROJECT_FILES_ROW}>
          {`${cursor.at === PROJECT_FILES_ROW ? glyphs.pointer : " "} ${"Project files".padEnd(14)}`}
          <Text color={instructions.enabled ? theme.accent : undefined} dimColor={!instructions.enabled}>
            {safeText(describeFiles(instructions))}
          </Text>
        </Text>
      )}
      {instructions?.skipped.map((file) => (
        <Text key={`${file.path}: ${file.reason}`} dimColor>
          {`  ${" ".repeat(14)}${safeText(`${file.path} is not read: ${file.reason}`)}`}
        </Text>
      ))}
      {instructions !== undefined && (
        <Text dimColor>{`  ${" ".repeat(14)}a subfolder's files: given once the agent works there`}</Text>
      )}
      {instructions?.skills !== undefined && (
        <Text>
          {`  ${"Skills".padEnd(14)}`}
          <Text color={instructions.enabled ? theme.accent : undefined} dimColor={!instructions.enabled}>
            {safeText(describeSkills(instructions))}
          </Text>
        </Text>
      )}
      {instructions?.skipped_skills?.map((left) => (
        <Text key={`${left.path}: ${left.reason}`} dimColor>
          {`  ${" ".repeat(14)}${safeText(`${left.path} is not offered: ${left.reason}`)}`}
        </Text>
      ))}
      {field !== undefined && (
        <LineInput
          label={field.label}
          placeholder={field.placeholder}
          focused
          initial={current?.[field.id] ?? ""}
          onSubmit={(text) => {
            setEditing(undefined);
            save(field.id, text);
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {attached && current !== undefined && field === undefined && (
        <Text dimColor>
          ↑/↓ choose · Enter edits (empty takes it back), or turns the project files off or on
        </Text>
      )}
    </Box>
  );
}

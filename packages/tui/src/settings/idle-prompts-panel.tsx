import type { IdlePromptStatus } from "@parley/protocol";
import { apiMessage, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useLiveState } from "../input/use-live-state.ts";
import { useMission } from "../status/use-mission.ts";
import { useChat, useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { formKey, formOf, type IdlePromptForm, type IdlePromptRow, settingsOf } from "./idle-prompt-form.ts";
import { describeIdlePrompts, IDLE_SOURCE_WORDS } from "./idle-prompt-words.ts";

/**
 * Idle prompts as a setting (`/idle`), as the web's Settings has them: whether an agent that finished and
 * stays idle is prompted toward the mission, after how many minutes, and how many prompts a mission may get.
 * Space switches them on or off at once; the numbers are typed (or stepped with ←/→) and saved with Enter,
 * through `POST /api/settings`; the server's refusal is shown as it words it.
 */
export function IdlePromptsPanel({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const claims = useKeyClaims();
  const { store } = useServices();
  const mission = useMission();
  const live = useChat((state) => state.idlePrompts);
  const [loaded, setLoaded] = useState<IdlePromptStatus | undefined>();
  const status = live ?? loaded;
  const [form, setForm, readForm] = useLiveState<IdlePromptForm | undefined>(undefined);
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();

  useEffect(() => {
    if (live !== undefined) return;
    store.client.getSettings().then(
      (view) => setLoaded(view.idle_prompts),
      (error: unknown) =>
        setResult({ text: `Could not read the settings: ${apiMessage(error)}`, failed: true }),
    );
  }, [store, live]);
  useEffect(() => {
    if (status !== undefined) setForm((current) => current ?? formOf(status));
  }, [status, setForm]);

  const save = (saved: IdlePromptForm) => {
    setResult(undefined);
    store.client.updateSettings({ idle_prompts: settingsOf(saved) }).then(
      (view) => {
        if (view.idle_prompts !== undefined) setLoaded(view.idle_prompts);
        setResult({ text: `Saved: ${describeIdlePrompts(view.idle_prompts)}.`, failed: false });
      },
      (error: unknown) => setResult({ text: `Not saved: ${apiMessage(error)}`, failed: true }),
    );
  };

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    const current = readForm();
    if (current === undefined) return;
    const next = formKey(current, input, key);
    setForm(next.form);
    if (next.save) save(next.form);
  });

  const line = (name: IdlePromptRow, label: string, value: string) => (
    <Text color={name === form?.row ? theme.accent : undefined} bold={name === form?.row}>
      {`${name === form?.row ? glyphs.pointer : " "} ${label.padEnd(28)}`}
      {value}
    </Text>
  );
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold color={theme.accent}>
        Idle prompts
      </Text>
      <Text dimColor>
        When an agent has finished and stays idle, Parley sends it a prompt toward the mission.
      </Text>
      {status === undefined ? (
        <Text dimColor>Reading the settings…</Text>
      ) : (
        <Text>
          <Text color={status.enabled ? theme.success : undefined}>{describeIdlePrompts(status)}</Text>
          <Text dimColor>{` (${IDLE_SOURCE_WORDS[status.source]})`}</Text>
        </Text>
      )}
      <Text>
        {mission === undefined ? (
          <Text dimColor>Mission: …</Text>
        ) : mission === null ? (
          <Text dimColor>
            No mission is set, so there is nothing to prompt toward: /mission text sets one.
          </Text>
        ) : (
          <Text>{`Mission: ${safeText(mission.text.replace(/\s+/g, " "))}`}</Text>
        )}
      </Text>
      {form !== undefined && (
        <Box flexDirection="column" marginTop={1}>
          {line("enabled", "Prompt idle agents", form.enabled ? "on" : "off")}
          {line("minutes", "Idle for (minutes)", form.minutes === "" ? "_" : form.minutes)}
          {line("budget", "Prompts per mission at most", form.budget === "" ? "_" : form.budget)}
        </Box>
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {keysAttached && (
        <Text dimColor>
          ↑/↓ choose · Space switches on/off · type a number or ←/→ · Enter saves · Esc closes
        </Text>
      )}
    </Box>
  );
}

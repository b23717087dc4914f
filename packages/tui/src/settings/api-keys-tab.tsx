import type { ParleySettings, SettingsView } from "@parley/protocol";
import { API_KEY_VARIABLES, apiKeyUpdate, apiMessage, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { useLiveState } from "../input/use-live-state.ts";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";
import { useSettingsView } from "./use-settings-view.ts";

/** What bracketed paste and the terminal wrap a typed key in, and spaces: never part of a key. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NOT_KEY_TEXT = /\[20[01]~|[\s\u0000-\u001f\u007f]/g;

/**
 * The providers' API keys, as the web's Settings shows them: whether each is set and its last characters,
 * never the key. Enter types a new one (shown as dots, sent once through `POST /api/settings`), `x` removes
 * a key stored in the settings; the model in use and what is wrong with it are shown above.
 */
export function ApiKeysTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const { view, setView } = useSettingsView((text) => setResult({ text, failed: true }));
  // The key being typed, while it is.
  const [entry, setEntry, readEntry] = useLiveState<string | undefined>(undefined);
  const keys = view?.api_keys ?? [];
  const cursor = useListCursor(keys.length);

  const save = (provider: string, key: string | null) => {
    if (view === undefined) return;
    setResult(undefined);
    // From the settings as they are now: an endpoint's key is saved with the whole endpoint list.
    store.client
      .getSettings()
      .then((latest) =>
        store.client.updateSettings(apiKeyUpdate(provider, key, latest.settings as ParleySettings)),
      )
      .then(
        (saved) => {
          setView(saved);
          setResult({
            text: key === null ? `Removed the ${provider} key.` : `Saved the ${provider} key.`,
            failed: false,
          });
        },
        (error: unknown) => setResult({ text: `Not saved: ${apiMessage(error)}`, failed: true }),
      );
  };

  tabKeys.current = (input, key) => {
    const typing = readEntry();
    const status = keys[cursor.read()];
    if (typing !== undefined) {
      if (key.escape) setEntry(undefined);
      else if (key.return) {
        setEntry(undefined);
        if (status !== undefined && typing !== "") save(status.provider, typing);
      } else if (key.backspace || key.delete) setEntry(typing.slice(0, -1));
      else {
        const typed = input.replace(NOT_KEY_TEXT, "");
        if (typed !== "" && !key.ctrl && !key.meta) setEntry(typing + typed);
      }
      // Every key belongs to the key being typed: ←/→ and Esc do not leave the tab.
      return true;
    }
    if (cursor.move(key)) return true;
    if (key.return && status !== undefined) {
      setResult(undefined);
      setEntry("");
      return true;
    }
    if (input === "x" && status !== undefined && removable(status)) {
      save(status.provider, null);
      return true;
    }
    return false;
  };

  const selected = keys[cursor.at];
  return (
    <Box flexDirection="column">
      {view !== undefined && (
        <Text>
          <Text dimColor>Model </Text>
          <Text>{safeText(view.model.label)}</Text>
          {view.model.error !== undefined && (
            <Text color={theme.danger}>{` · ${safeText(view.model.error)}`}</Text>
          )}
        </Text>
      )}
      {view === undefined && result === undefined && <Text dimColor>Reading the settings…</Text>}
      {keys.map((status, index) => (
        <Text
          key={status.provider}
          bold={index === cursor.at}
          color={index === cursor.at ? theme.accent : undefined}
        >
          {`${index === cursor.at ? glyphs.pointer : " "} ${safeText(status.provider).padEnd(20)}`}
          <Text color={status.configured ? theme.success : undefined} dimColor={!status.configured}>
            {keyStatus(status)}
          </Text>
        </Text>
      ))}
      {entry !== undefined && selected !== undefined && (
        <Text>
          {`New ${safeText(selected.provider)} key: `}
          <Text>{(theme.ascii ? "*" : "•").repeat(entry.length)}</Text>
          <Text inverse> </Text>
        </Text>
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {attached && (
        <Text dimColor>
          {entry !== undefined
            ? "type or paste the key · Enter saves · Esc cancels"
            : `↑/↓ choose · Enter types a new key${selected !== undefined && removable(selected) ? " · x removes it" : ""}`}
        </Text>
      )}
    </Box>
  );
}

type KeyStatus = SettingsView["api_keys"][number];

/** Whether a key is set, its last characters and where it comes from; never the key. */
function keyStatus(status: KeyStatus): string {
  if (!status.configured) return "not set";
  const from =
    status.source === "env" ? `, from ${API_KEY_VARIABLES[status.provider] ?? "the environment"}` : "";
  return `set (${status.hint ?? "hidden"})${from}`;
}

/** A hosted provider's key stored in the settings can be removed; one from the environment cannot. */
function removable(status: KeyStatus): boolean {
  return status.provider in API_KEY_VARIABLES && status.configured && status.source === "settings";
}

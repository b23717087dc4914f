import type { OpenAICompatibleEndpoint, ParleySettings, SettingsUpdate } from "@parley/protocol";
import {
  ApiRequestError,
  apiMessage,
  endpointAddUpdate,
  endpointRemoveUpdate,
  modelList,
  safeText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { LineInput } from "../input/line-input.tsx";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";
import { useSettingsView } from "./use-settings-view.ts";

/** The fields of a new endpoint, typed one after another. */
const STEPS = [
  {
    field: "id",
    label: "Id: the provider part of its model references (id:model)",
    placeholder: "e.g. openrouter",
  },
  {
    field: "base_url",
    label: "Base URL, with its version path",
    placeholder: "https://openrouter.ai/api/v1",
  },
  {
    field: "models",
    label: "Models offered in pickers (optional)",
    placeholder: "qwen/qwen3-coder, deepseek/deepseek-chat",
  },
] as const;
type Field = (typeof STEPS)[number]["field"];
type Typed = Partial<Record<Field, string>>;

/**
 * The field of the endpoint at `index` in the update that a refusal names
 * (`body.providers.openai_compatible.2.base_url`), if any; an issue with another endpoint names none.
 */
function refusedField(error: unknown, index: number): Field | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  for (const issue of error.body?.error.issues ?? []) {
    const [, at, field] = /openai_compatible\.(\d+)\.(\w+)/.exec(issue.path) ?? [];
    const step = STEPS.find((candidate) => candidate.field === field);
    if (step !== undefined && Number(at) === index) return step.field;
  }
  return undefined;
}

/**
 * OpenAI-compatible endpoints (a gateway, a hosted open-model service, a local server on another port), as
 * the web's Settings has them: each with its base URL and models. `a` adds one (its id, base URL and models,
 * typed one after another; a field the server refuses is asked again, as typed), `x` removes the one under
 * the cursor. Its key
 * is set in the API keys tab, where it is typed hidden.
 */
export function EndpointsTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const [adding, setAdding] = useState<Typed | undefined>();
  /** What the box starts with when a refused field is asked again. */
  const [refill, setRefill] = useState<string | undefined>();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const { view, setView } = useSettingsView((text) => setResult({ text, failed: true }));
  const settings = view?.settings as ParleySettings | undefined;
  const endpoints = settings?.providers?.openai_compatible ?? [];
  const cursor = useListCursor(endpoints.length);

  /** Saves the update built from the settings as they are now, then shows `done` or what was refused. */
  const apply = (
    update: (latest: ParleySettings) => SettingsUpdate,
    done: string,
    refused: (error: unknown) => void = () => {},
  ) => {
    setResult(undefined);
    // Read again just before: the server replaces the list whole, and another client may have changed it.
    store.client
      .getSettings()
      .then((latest) => store.client.updateSettings(update(latest.settings as ParleySettings)))
      .then(
        (saved) => {
          setView(saved);
          setResult({ text: done, failed: false });
        },
        (error: unknown) => {
          setResult({ text: `Not saved: ${apiMessage(error)}`, failed: true });
          refused(error);
        },
      );
  };

  const step =
    adding === undefined ? undefined : STEPS.find((candidate) => adding[candidate.field] === undefined);
  /** Takes the typed field; after the last one, sends the endpoint. True empties the box for the next. */
  const typedInto = (typed: Typed, text: string): boolean => {
    if (step === undefined) return false;
    const next = { ...typed, [step.field]: text.trim() };
    setRefill(undefined);
    if (STEPS.some((candidate) => next[candidate.field] === undefined)) {
      setAdding(next);
      return true;
    }
    setAdding(undefined);
    const models = modelList(next.models ?? "");
    const endpoint: OpenAICompatibleEndpoint = {
      id: next.id ?? "",
      base_url: next.base_url ?? "",
      ...(models.length > 0 && { models }),
    };
    const replacing = endpoints.some((entry) => entry.id === endpoint.id);
    // Where the endpoint sits in the list sent (a replaced one keeps its place), to read the refusal by.
    let index = -1;
    apply(
      (latest) => {
        const update = endpointAddUpdate(endpoint, latest);
        const sent = (update.providers as ParleySettings["providers"])?.openai_compatible ?? [];
        index = sent.findIndex((entry) => entry.id === endpoint.id);
        return update;
      },
      replacing
        ? `Replaced ${safeText(endpoint.id)}.`
        : `Added ${safeText(endpoint.id)}: pick it as the model with /model ${safeText(endpoint.id)}:<model>; its key goes in API keys.`,
      (error) => {
        // Ask again for the field the server named, starting from what was typed; the others are kept.
        const field = refusedField(error, index);
        if (field === undefined) return;
        const { [field]: refusedText, ...kept } = next;
        setRefill(refusedText);
        setAdding(kept);
      },
    );
    return true;
  };

  tabKeys.current = (input, key) => {
    // While a field is typed in, its own box takes the keys.
    if (adding !== undefined) return true;
    if (cursor.move(key)) return true;
    if (input === "a" && settings !== undefined) {
      setResult(undefined);
      setAdding({});
      return true;
    }
    const endpoint = endpoints[cursor.read()];
    if (input === "x" && endpoint !== undefined) {
      apply((latest) => endpointRemoveUpdate(endpoint.id, latest), `Removed ${safeText(endpoint.id)}.`);
      return true;
    }
    return false;
  };

  return (
    <Box flexDirection="column">
      <Text dimColor>
        Servers that speak OpenAI's Chat Completions. Ollama, LM Studio, vLLM and llama.cpp on their usual
        ports need none.
      </Text>
      {view === undefined && result === undefined && <Text dimColor>Reading the settings…</Text>}
      {view !== undefined && endpoints.length === 0 && <Text dimColor>No endpoints yet.</Text>}
      {endpoints.map((endpoint, index) => (
        <Text key={endpoint.id} bold={index === cursor.at}>
          {`${index === cursor.at ? glyphs.pointer : " "} ${safeText(endpoint.id).padEnd(16)} `}
          <Text color={theme.accent}>{safeText(endpoint.base_url)}</Text>
          {endpoint.models !== undefined && endpoint.models.length > 0 && (
            <Text dimColor>{` · ${safeText(endpoint.models.join(", "))}`}</Text>
          )}
        </Text>
      ))}
      {adding !== undefined && step !== undefined && (
        <LineInput
          label={step.label}
          placeholder={step.placeholder}
          focused
          onSubmit={(text) => typedInto(adding, text)}
          initial={refill}
          onCancel={() => {
            setAdding(undefined);
            setRefill(undefined);
          }}
        />
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {attached && adding === undefined && view !== undefined && (
        <Text dimColor>
          {endpoints.length > 0 ? "↑/↓ choose · a adds an endpoint · x removes it" : "a adds an endpoint"}
        </Text>
      )}
    </Box>
  );
}

import type { CliModel } from "@parley/protocol";
import { asRecord, asRecords, asString } from "../json-line.ts";

/** The models an ACP agent offers for a session, and the one the session uses. */
export interface AcpSessionModels {
  models: CliModel[];
  current: string | null;
}

/**
 * The models a `session/new`, `session/load` or `session/set_config_option` response names: a config option
 * of the `model` category (OpenCode), or the unstable `models` state (Gemini CLI's `availableModels` and
 * `currentModelId`). Undefined when the agent says nothing about models.
 */
export function sessionModelsOf(response: unknown): AcpSessionModels | undefined {
  const record = asRecord(response);
  const option = asRecords(record?.configOptions).find((candidate) => candidate.category === "model");
  if (option !== undefined) {
    // A select's options may be grouped (`{group, name, options}`); the models are the leaves.
    const leaves = asRecords(option.options).flatMap((entry) =>
      Array.isArray(entry.options) ? asRecords(entry.options) : [entry],
    );
    return {
      models: leaves.flatMap((leaf) => modelOf(asString(leaf.value), leaf)),
      current: asString(option.currentValue) ?? null,
    };
  }
  const state = asRecord(record?.models);
  if (state === undefined) return undefined;
  return {
    models: asRecords(state.availableModels).flatMap((model) => modelOf(asString(model.modelId), model)),
    current: asString(state.currentModelId) ?? null,
  };
}

function modelOf(id: string | undefined, entry: Record<string, unknown>): CliModel[] {
  if (id === undefined) return [];
  const name = asString(entry.name);
  const description = asString(entry.description);
  return [
    {
      id,
      ...(name !== undefined && name !== id && { name }),
      ...(description !== undefined && { description }),
    },
  ];
}

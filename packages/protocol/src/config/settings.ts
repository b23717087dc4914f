import { z } from "zod";
import { PermissionModeSchema } from "../sdk/enums.ts";
import { type DecodeResult, decodeWith } from "../shared/decode-result.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentClisSettingsSchema, ChildProcessSettingsSchema } from "./child-process-settings.ts";
import { IdlePromptSettingsSchema } from "./idle-prompt-settings.ts";

// Parley's user settings (`PARLEY_HOME/settings.json`). Every object is loose so that a settings
// file written by a newer Parley keeps its unknown fields when an older one rewrites it.

/** Provider ids with a meaning of their own; an OpenAI-compatible endpoint cannot take them. */
export const RESERVED_PROVIDER_IDS = ["anthropic", "openai", "demo"] as const;

/**
 * A model reference, `provider:model` (`anthropic:claude-sonnet-5-5`, `ollama:qwen3:8b`), or `demo`
 * for the offline demo model. The model part may itself contain colons.
 */
export const ModelRefSchema = lazySchema(() =>
  z
    .string()
    .regex(
      /^(demo|[A-Za-z0-9][\w.-]*:\S+)$/,
      'expected "provider:model", e.g. "anthropic:claude-sonnet-5-5"',
    ),
);
export type ModelRef = z.infer<typeof ModelRefSchema>;

const httpUrl = lazySchema(() => z.url({ protocol: /^https?$/, error: "expected an http(s) URL" }));

/** Credentials and endpoint for Anthropic; environment variables win over these (see the engine README). */
export const AnthropicProviderSettingsSchema = lazySchema(() =>
  z.looseObject({
    api_key: z.string().min(1).optional(),
    /** The API root as in the official SDK (`https://api.anthropic.com`); `/v1` is added when missing. */
    base_url: httpUrl.optional(),
  }),
);
export type AnthropicProviderSettings = z.infer<typeof AnthropicProviderSettingsSchema>;

/** Credentials and endpoint for OpenAI (Chat Completions); environment variables win over these. */
export const OpenAIProviderSettingsSchema = lazySchema(() =>
  z.looseObject({
    api_key: z.string().min(1).optional(),
    /** Includes the version path, as `OPENAI_BASE_URL` does (`https://api.openai.com/v1`). */
    base_url: httpUrl.optional(),
  }),
);
export type OpenAIProviderSettings = z.infer<typeof OpenAIProviderSettingsSchema>;

/**
 * An OpenAI-compatible Chat Completions endpoint (Ollama, LM Studio, vLLM, llama.cpp, a gateway).
 * Its `id` is the provider part of model references: `{ id: "ollama" }` serves `ollama:qwen3:8b`.
 */
export const OpenAICompatibleEndpointSchema = lazySchema(() =>
  z.looseObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][\w.-]*$/, "expected letters, digits, '.', '_' or '-'")
      .refine((id) => !(RESERVED_PROVIDER_IDS as readonly string[]).includes(id), {
        error: `must not be one of ${RESERVED_PROVIDER_IDS.join(", ")}`,
      }),
    base_url: httpUrl,
    api_key: z.string().min(1).optional(),
    /** Models offered in pickers; any model id is still accepted in a reference. */
    models: z.array(z.string().min(1)).optional(),
  }),
);
export type OpenAICompatibleEndpoint = z.infer<typeof OpenAICompatibleEndpointSchema>;

/** Where models come from: the two hosted APIs and any number of OpenAI-compatible endpoints. */
export const ProvidersSettingsSchema = lazySchema(() =>
  z.looseObject({
    anthropic: AnthropicProviderSettingsSchema.optional(),
    openai: OpenAIProviderSettingsSchema.optional(),
    openai_compatible: z
      .array(OpenAICompatibleEndpointSchema)
      .superRefine((endpoints, context) => {
        const seen = new Set<string>();
        endpoints.forEach((endpoint, index) => {
          if (seen.has(endpoint.id)) {
            context.addIssue({
              code: "custom",
              path: [index, "id"],
              message: `duplicate id "${endpoint.id}"`,
            });
          }
          seen.add(endpoint.id);
        });
      })
      .optional(),
  }),
);
export type ProvidersSettings = z.infer<typeof ProvidersSettingsSchema>;

/** The user's Parley settings; every field is optional and an empty object is valid. */
export const ParleySettingsSchema = lazySchema(() =>
  z.looseObject({
    /** The default model, `provider:model`; `PARLEY_MODEL` and per-run choices override it. */
    model: ModelRefSchema.optional(),
    /** The model to switch to when the preferred one keeps failing after retries. */
    fallback_model: ModelRefSchema.optional(),
    providers: ProvidersSettingsSchema.optional(),
    permission_mode: PermissionModeSchema.optional(),
    max_turns: z.int().positive().optional(),
    system_prompt: z.string().optional(),
    /** Whether Parley's agent is given the project's AGENTS.md and CLAUDE.md files (default: true). */
    project_instructions: z.boolean().optional(),
    /** Per agent CLI backend: the Parley secrets it gets anyway (every other child gets none of them). */
    agent_clis: AgentClisSettingsSchema.optional(),
    /** The Bash tool and workflow shell steps: the Parley secrets their commands get anyway. */
    shell: ChildProcessSettingsSchema.optional(),
    /** Prompting idle agents toward the project's mission; the environment's values are the defaults. */
    idle_prompts: IdlePromptSettingsSchema.optional(),
  }),
);
export type ParleySettings = z.infer<typeof ParleySettingsSchema>;

/** Validates untrusted settings (a file, a form) without throwing; issues name each bad field. */
export function decodeParleySettings(value: unknown): DecodeResult<ParleySettings> {
  return decodeWith(ParleySettingsSchema, value);
}

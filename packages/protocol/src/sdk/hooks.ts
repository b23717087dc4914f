import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { HOOK_EVENTS } from "./enums.ts";
import type { HookInput } from "./hook-input.ts";
import type { HookJSONOutput } from "./hook-output.ts";

/** A host-side hook function. `toolUseID` is set for tool events. */
export type HookCallback = (
  input: HookInput,
  toolUseID: string | undefined,
  options: { signal: AbortSignal },
) => Promise<HookJSONOutput>;

const onFailure = lazySchema(() => z.enum(["continue", "block"]).optional());

/** Hook functions registered for one event, optionally limited by a matcher (e.g. a tool name). */
export const HookCallbackMatcherSchema = lazySchema(() =>
  z.looseObject({
    matcher: z.string().optional(),
    hooks: z.array(
      z.custom<HookCallback>((value) => typeof value === "function", "expected a hook callback function"),
    ),
    timeout: z.number().optional(),
    onFailure,
  }),
);
export type HookCallbackMatcher = z.infer<typeof HookCallbackMatcherSchema>;

/** `QueryOptions.hooks`: matchers per hook event. */
export const HookCallbacksSchema = lazySchema(() =>
  z.partialRecord(z.enum(HOOK_EVENTS), z.array(HookCallbackMatcherSchema)),
);
export type HookCallbacks = z.infer<typeof HookCallbacksSchema>;

/** A matcher as registered on the wire (`initialize.hooks`): callback ids instead of functions. */
export const SDKHookCallbackMatcherSchema = lazySchema(() =>
  z.looseObject({
    matcher: z.string().optional(),
    hookCallbackIds: z.array(z.string()),
    timeout: z.number().optional(),
    onFailure,
  }),
);
export type SDKHookCallbackMatcher = z.infer<typeof SDKHookCallbackMatcherSchema>;

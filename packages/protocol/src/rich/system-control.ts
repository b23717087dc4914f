import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** What a SystemControl message asks the session to do. */
export const SystemControlActionSchema = lazySchema(() =>
  z.enum(["pause", "resume", "cancel", "clear", "compact", "mode_change"]),
);
export type SystemControlAction = z.infer<typeof SystemControlActionSchema>;

/**
 * The data of a SystemControl rich message: a session-level action, why it happened, and for
 * `mode_change` the new `mode` (and the one it replaced).
 */
export const SystemControlDataSchema = lazySchema(() =>
  z
    .looseObject({
      action: SystemControlActionSchema,
      reason: z.string().optional(),
      mode: z.string().min(1).optional(),
      previous_mode: z.string().optional(),
      details: JsonValueSchema.optional(),
    })
    .superRefine((control, context) => {
      if (control.action === "mode_change" && control.mode === undefined) {
        context.addIssue({ code: "custom", path: ["mode"], message: "a mode_change needs the new `mode`" });
      }
    }),
);
export type SystemControlData = z.infer<typeof SystemControlDataSchema>;

/** A SystemControl rich message. */
export const SystemControlMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("SystemControl"),
    data: SystemControlDataSchema,
  }),
);
export type SystemControlMessage = z.infer<typeof SystemControlMessageSchema>;

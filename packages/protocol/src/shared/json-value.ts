import { z } from "zod";
import { lazySchema } from "./lazy-schema.ts";

/** Any JSON value. Used where the protocol carries opaque payloads (tool input, results). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const JsonValueSchema: z.ZodType<JsonValue> = lazySchema(() =>
  z.lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(JsonValueSchema),
      z.record(z.string(), JsonValueSchema),
    ]),
  ),
);

/** A JSON object with arbitrary keys, e.g. tool arguments. */
export const JsonObjectSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type JsonObject = z.infer<typeof JsonObjectSchema>;

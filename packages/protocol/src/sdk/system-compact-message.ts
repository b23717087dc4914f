import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { systemMessageShape } from "./message-identity.ts";
import { UuidSchema } from "./uuid.ts";

/** What a compaction did: its trigger, token counts before and after, and what it preserved. */
export const CompactMetadataSchema = lazySchema(() =>
  z.looseObject({
    trigger: z.enum(["manual", "auto"]),
    pre_tokens: z.number(),
    post_tokens: z.number().optional(),
    duration_ms: z.number().optional(),
    preserved_segment: z
      .looseObject({ head_uuid: UuidSchema, anchor_uuid: UuidSchema, tail_uuid: UuidSchema })
      .optional(),
    preserved_messages: z.looseObject({ anchor_uuid: UuidSchema, uuids: z.array(UuidSchema) }).optional(),
  }),
);
export type CompactMetadata = z.infer<typeof CompactMetadataSchema>;

/** `system`/`compact_boundary`: earlier history was summarised; messages before this are gone from context. */
export const SDKCompactBoundaryMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("compact_boundary"),
    compact_metadata: CompactMetadataSchema,
  }),
);
export type SDKCompactBoundaryMessage = z.infer<typeof SDKCompactBoundaryMessageSchema>;

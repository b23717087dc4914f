import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * The data of an MCPResource rich message: a resource an MCP server exposes, with its contents as
 * `text` or base64 `blob` (MCP's two content forms), or neither when only the reference is shared.
 */
export const MCPResourceDataSchema = lazySchema(() =>
  z
    .looseObject({
      server_name: z.string().min(1),
      uri: z.string().min(1),
      name: z.string().optional(),
      description: z.string().optional(),
      mime_type: z.string().optional(),
      text: z.string().optional(),
      blob: z.base64().optional(),
    })
    .superRefine((resource, context) => {
      if (resource.text !== undefined && resource.blob !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["blob"],
          message: "a resource has `text` or `blob`, not both",
        });
      }
    }),
);
export type MCPResourceData = z.infer<typeof MCPResourceDataSchema>;

/** An MCPResource rich message. */
export const MCPResourceMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("MCPResource"),
    data: MCPResourceDataSchema,
  }),
);
export type MCPResourceMessage = z.infer<typeof MCPResourceMessageSchema>;

import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { CacheControlEphemeralSchema } from "./content-block-common.ts";
import {
  DocumentBlockParamSchema,
  ImageBlockParamSchema,
  SearchResultBlockParamSchema,
} from "./media-blocks.ts";
import { ToolReferenceBlockSchema } from "./server-tool-result-blocks.ts";
import { BetaTextBlockSchema } from "./text-blocks.ts";

/** The tabs of a browser session and what changed in them, returned by browser tools. */
export const BrowserStateBlockParamSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("browser_state"),
    tabs: z.array(
      z.looseObject({
        tab_id: z.string(),
        title: z.string(),
        url: z.string(),
        active: z.boolean().optional(),
      }),
    ),
    state_changes: z
      .array(
        z.discriminatedUnion("type", [
          z.looseObject({ type: z.literal("tab_opened"), tab_id: z.string() }),
          z.looseObject({ type: z.literal("download_started"), download_id: z.string(), url: z.string() }),
          z.looseObject({
            type: z.literal("download_completed"),
            download_id: z.string(),
            url: z.string(),
            path: z.string().nullish(),
            size_bytes: z.number().nullish(),
          }),
          z.looseObject({
            type: z.literal("download_failed"),
            download_id: z.string(),
            url: z.string(),
            error: z.string().nullish(),
          }),
        ]),
      )
      .nullish(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type BrowserStateBlockParam = z.infer<typeof BrowserStateBlockParamSchema>;

/** A block inside a tool result's content array. */
export const ToolResultContentBlockSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    BetaTextBlockSchema,
    ImageBlockParamSchema,
    SearchResultBlockParamSchema,
    DocumentBlockParamSchema,
    ToolReferenceBlockSchema,
    BrowserStateBlockParamSchema,
  ]),
);
export type ToolResultContentBlock = z.infer<typeof ToolResultContentBlockSchema>;

/** What a client tool returned, sent to the model in a user message. `is_error` marks a failure. */
export const ToolResultBlockParamSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_result"),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(ToolResultContentBlockSchema)]).optional(),
    is_error: z.boolean().optional(),
    toolset_name: z.string().nullish(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type ToolResultBlockParam = z.infer<typeof ToolResultBlockParamSchema>;

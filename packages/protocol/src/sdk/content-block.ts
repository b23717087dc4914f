import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { BetaCompactionBlockSchema, BetaFallbackBlockSchema } from "./compaction-blocks.ts";
import {
  DocumentBlockParamSchema,
  ImageBlockParamSchema,
  SearchResultBlockParamSchema,
} from "./media-blocks.ts";
import {
  BetaAdvisorToolResultBlockSchema,
  BetaBashCodeExecutionToolResultBlockSchema,
  BetaCodeExecutionToolResultBlockSchema,
  BetaTextEditorCodeExecutionToolResultBlockSchema,
  BetaToolSearchToolResultBlockSchema,
  BetaWebFetchToolResultBlockSchema,
  BetaWebSearchToolResultBlockSchema,
  WebFetchToolResultBlockParamSchema,
} from "./server-tool-result-blocks.ts";
import {
  BetaRedactedThinkingBlockSchema,
  BetaTextBlockSchema,
  BetaThinkingBlockSchema,
} from "./text-blocks.ts";
import { ToolResultBlockParamSchema } from "./tool-result-block.ts";
import {
  BetaContainerUploadBlockSchema,
  BetaMCPToolListingBlockSchema,
  BetaMCPToolResultBlockSchema,
  BetaMCPToolUseBlockSchema,
  BetaServerToolUseBlockSchema,
  BetaToolUseBlockSchema,
  ServerToolUseBlockParamSchema,
} from "./tool-use-blocks.ts";

/** A block of an assistant message (`BetaMessage.content`), as the Messages API returns it. */
export const BetaContentBlockSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    BetaTextBlockSchema,
    BetaThinkingBlockSchema,
    BetaRedactedThinkingBlockSchema,
    BetaToolUseBlockSchema,
    BetaServerToolUseBlockSchema,
    BetaWebSearchToolResultBlockSchema,
    BetaWebFetchToolResultBlockSchema,
    BetaAdvisorToolResultBlockSchema,
    BetaCodeExecutionToolResultBlockSchema,
    BetaBashCodeExecutionToolResultBlockSchema,
    BetaTextEditorCodeExecutionToolResultBlockSchema,
    BetaToolSearchToolResultBlockSchema,
    BetaMCPToolUseBlockSchema,
    BetaMCPToolResultBlockSchema,
    BetaContainerUploadBlockSchema,
    BetaCompactionBlockSchema,
    BetaFallbackBlockSchema,
    BetaMCPToolListingBlockSchema,
  ]),
);
export type BetaContentBlock = z.infer<typeof BetaContentBlockSchema>;

/** A block of a message sent to the model (`MessageParam.content`): what user messages carry. */
export const ContentBlockParamSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    BetaTextBlockSchema,
    ImageBlockParamSchema,
    DocumentBlockParamSchema,
    SearchResultBlockParamSchema,
    BetaThinkingBlockSchema,
    BetaRedactedThinkingBlockSchema,
    BetaToolUseBlockSchema,
    ToolResultBlockParamSchema,
    ServerToolUseBlockParamSchema,
    BetaWebSearchToolResultBlockSchema,
    WebFetchToolResultBlockParamSchema,
    BetaCodeExecutionToolResultBlockSchema,
    BetaBashCodeExecutionToolResultBlockSchema,
    BetaTextEditorCodeExecutionToolResultBlockSchema,
    BetaToolSearchToolResultBlockSchema,
    BetaContainerUploadBlockSchema,
  ]),
);
export type ContentBlockParam = z.infer<typeof ContentBlockParamSchema>;

/**
 * Any content block an SDK message can hold: an assistant block or a user/tool-result block.
 * Each block's JSON carries only the fields of its type.
 */
export const ContentBlockSchema = lazySchema(() =>
  z.union([BetaContentBlockSchema, ContentBlockParamSchema]),
);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

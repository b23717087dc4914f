import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

// Leaf shapes shared by the Messages API content blocks. Fields the API response types declare as
// `T | null` are `.nullish()` here: the CLI (and third-party CLIs) leave them out, and a decoded block
// must re-encode to exactly the keys it arrived with.

/** Prompt-cache breakpoint on a request block. */
export const CacheControlEphemeralSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ephemeral"),
    ttl: z.enum(["5m", "1h"]).optional(),
  }),
);
export type CacheControlEphemeral = z.infer<typeof CacheControlEphemeralSchema>;

/** Who issued a tool call: the model directly, or a code-execution server tool. */
export const ToolCallerSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({ type: z.literal("direct") }),
    z.looseObject({ type: z.literal("code_execution_20250825"), tool_id: z.string() }),
    z.looseObject({ type: z.literal("code_execution_20260120"), tool_id: z.string() }),
  ]),
);
export type ToolCaller = z.infer<typeof ToolCallerSchema>;

/** Whether citations are enabled on a document. */
export const CitationsConfigSchema = lazySchema(() => z.looseObject({ enabled: z.boolean().optional() }));
export type CitationsConfig = z.infer<typeof CitationsConfigSchema>;

const documentCitation = () => ({
  cited_text: z.string(),
  document_index: z.number(),
  document_title: z.string().nullable(),
  file_id: z.string().nullish(),
});

/** A citation of a character range in a plain-text document. */
export const CitationCharLocationSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("char_location"),
    ...documentCitation(),
    start_char_index: z.number(),
    end_char_index: z.number(),
  }),
);
export type CitationCharLocation = z.infer<typeof CitationCharLocationSchema>;

/** A citation of a page range in a PDF. */
export const CitationPageLocationSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("page_location"),
    ...documentCitation(),
    start_page_number: z.number(),
    end_page_number: z.number(),
  }),
);
export type CitationPageLocation = z.infer<typeof CitationPageLocationSchema>;

/** A citation of a block range in a custom-content document. */
export const CitationContentBlockLocationSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("content_block_location"),
    ...documentCitation(),
    start_block_index: z.number(),
    end_block_index: z.number(),
  }),
);
export type CitationContentBlockLocation = z.infer<typeof CitationContentBlockLocationSchema>;

/** A citation of a web search result. */
export const CitationWebSearchResultLocationSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("web_search_result_location"),
    cited_text: z.string(),
    encrypted_index: z.string(),
    title: z.string().nullable(),
    url: z.string(),
  }),
);
export type CitationWebSearchResultLocation = z.infer<typeof CitationWebSearchResultLocationSchema>;

/** A citation of a search result block. */
export const CitationSearchResultLocationSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("search_result_location"),
    cited_text: z.string(),
    search_result_index: z.number(),
    source: z.string(),
    title: z.string().nullable(),
    start_block_index: z.number(),
    end_block_index: z.number(),
  }),
);
export type CitationSearchResultLocation = z.infer<typeof CitationSearchResultLocationSchema>;

/** Any citation attached to a text block or streamed in a `citations_delta`. */
export const TextCitationSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    CitationCharLocationSchema,
    CitationPageLocationSchema,
    CitationContentBlockLocationSchema,
    CitationWebSearchResultLocationSchema,
    CitationSearchResultLocationSchema,
  ]),
);
export type TextCitation = z.infer<typeof TextCitationSchema>;

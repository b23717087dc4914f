import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { CacheControlEphemeralSchema, CitationsConfigSchema } from "./content-block-common.ts";
import { BetaTextBlockSchema } from "./text-blocks.ts";

/** Where an image comes from: inline base64, a URL or an uploaded file. */
export const ImageSourceSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("base64"),
      media_type: z.enum(["image/jpeg", "image/png", "image/gif", "image/webp"]),
      data: z.string(),
    }),
    z.looseObject({ type: z.literal("url"), url: z.string() }),
    z.looseObject({ type: z.literal("file"), file_id: z.string() }),
  ]),
);
export type ImageSource = z.infer<typeof ImageSourceSchema>;

/** An image in a user message or a tool result. */
export const ImageBlockParamSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("image"),
    source: ImageSourceSchema,
    cache_control: CacheControlEphemeralSchema.nullish(),
    transformations: z.looseObject({ oversized_image: z.enum(["downsize", "error"]).optional() }).nullish(),
  }),
);
export type ImageBlockParam = z.infer<typeof ImageBlockParamSchema>;

/** A base64 PDF document source. */
export const Base64PDFSourceSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("base64"),
    media_type: z.literal("application/pdf"),
    data: z.string(),
  }),
);
export type Base64PDFSource = z.infer<typeof Base64PDFSourceSchema>;

/** A plain-text document source. */
export const PlainTextSourceSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("text"),
    media_type: z.literal("text/plain"),
    data: z.string(),
  }),
);
export type PlainTextSource = z.infer<typeof PlainTextSourceSchema>;

/** A document made of custom content blocks (text and images). */
export const ContentBlockSourceSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("content"),
    content: z.union([
      z.string(),
      z.array(z.discriminatedUnion("type", [BetaTextBlockSchema, ImageBlockParamSchema])),
    ]),
  }),
);
export type ContentBlockSource = z.infer<typeof ContentBlockSourceSchema>;

/** Where a document in a request comes from. */
export const DocumentSourceSchema = lazySchema(() =>
  z.union([
    Base64PDFSourceSchema,
    PlainTextSourceSchema,
    ContentBlockSourceSchema,
    z.looseObject({ type: z.literal("url"), url: z.string() }),
    z.looseObject({ type: z.literal("file"), file_id: z.string() }),
  ]),
);
export type DocumentSource = z.infer<typeof DocumentSourceSchema>;

/** A document (PDF, text, custom content) in a user message or a tool result. */
export const DocumentBlockParamSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("document"),
    source: DocumentSourceSchema,
    title: z.string().nullish(),
    context: z.string().nullish(),
    citations: CitationsConfigSchema.nullish(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type DocumentBlockParam = z.infer<typeof DocumentBlockParamSchema>;

/** A document as the API returns it inside a web fetch result. */
export const BetaDocumentBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("document"),
    source: z.discriminatedUnion("type", [Base64PDFSourceSchema, PlainTextSourceSchema]),
    title: z.string().nullish(),
    citations: z.looseObject({ enabled: z.boolean() }).nullish(),
  }),
);
export type BetaDocumentBlock = z.infer<typeof BetaDocumentBlockSchema>;

/** A search result supplied by the caller, which the model can cite. */
export const SearchResultBlockParamSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("search_result"),
    source: z.string(),
    title: z.string(),
    content: z.array(BetaTextBlockSchema),
    citations: CitationsConfigSchema.optional(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type SearchResultBlockParam = z.infer<typeof SearchResultBlockParamSchema>;

import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { CacheControlEphemeralSchema, ToolCallerSchema } from "./content-block-common.ts";
import { BetaDocumentBlockSchema, DocumentBlockParamSchema } from "./media-blocks.ts";

// Results of the tools Anthropic's API runs itself. Request and response shapes are merged where
// they differ only in nullable-vs-optional fields; web fetch differs in its document, so it has both.

const toolResult = () => ({ tool_use_id: z.string(), cache_control: CacheControlEphemeralSchema.nullish() });

/** One web search hit. */
export const BetaWebSearchResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("web_search_result"),
    url: z.string(),
    title: z.string(),
    encrypted_content: z.string(),
    page_age: z.string().nullish(),
  }),
);
export type BetaWebSearchResultBlock = z.infer<typeof BetaWebSearchResultBlockSchema>;

/** The results of a web search, or why it failed. */
export const BetaWebSearchToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("web_search_tool_result"),
    ...toolResult(),
    content: z.union([
      z.array(BetaWebSearchResultBlockSchema),
      z.looseObject({
        type: z.literal("web_search_tool_result_error"),
        error_code: z.enum([
          "invalid_tool_input",
          "unavailable",
          "max_uses_exceeded",
          "too_many_requests",
          "query_too_long",
          "request_too_large",
        ]),
      }),
    ]),
    caller: ToolCallerSchema.optional(),
  }),
);
export type BetaWebSearchToolResultBlock = z.infer<typeof BetaWebSearchToolResultBlockSchema>;

const WebFetchErrorSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("web_fetch_tool_result_error"),
    error_code: z.enum([
      "invalid_tool_input",
      "url_too_long",
      "url_not_allowed",
      "url_not_in_prior_context",
      "url_not_accessible",
      "unsupported_content_type",
      "too_many_requests",
      "max_uses_exceeded",
      "unavailable",
      "content_too_large",
    ]),
  }),
);
const webFetchResult = () => ({
  type: z.literal("web_fetch_result"),
  url: z.string(),
  retrieved_at: z.string().nullish(),
});

/** A fetched web page as the API returns it, or why the fetch failed. */
export const BetaWebFetchToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("web_fetch_tool_result"),
    tool_use_id: z.string(),
    content: z.discriminatedUnion("type", [
      WebFetchErrorSchema,
      z.looseObject({ ...webFetchResult(), content: BetaDocumentBlockSchema }),
    ]),
    caller: ToolCallerSchema.optional(),
  }),
);
export type BetaWebFetchToolResultBlock = z.infer<typeof BetaWebFetchToolResultBlockSchema>;

/** A fetched web page as sent back to the API in conversation history. */
export const WebFetchToolResultBlockParamSchema = lazySchema(() =>
  BetaWebFetchToolResultBlockSchema.extend({
    content: z.discriminatedUnion("type", [
      WebFetchErrorSchema,
      z.looseObject({ ...webFetchResult(), content: DocumentBlockParamSchema }),
    ]),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type WebFetchToolResultBlockParam = z.infer<typeof WebFetchToolResultBlockParamSchema>;

/** The advice of the advisor server tool, or why it failed. */
export const BetaAdvisorToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("advisor_tool_result"),
    tool_use_id: z.string(),
    content: z.discriminatedUnion("type", [
      z.looseObject({
        type: z.literal("advisor_tool_result_error"),
        error_code: z.enum([
          "max_uses_exceeded",
          "prompt_too_long",
          "too_many_requests",
          "overloaded",
          "unavailable",
          "execution_time_exceeded",
          "model_not_found",
        ]),
      }),
      z.looseObject({
        type: z.literal("advisor_result"),
        text: z.string(),
        stop_reason: z.string().nullable(),
      }),
      z.looseObject({
        type: z.literal("advisor_redacted_result"),
        encrypted_content: z.string(),
        stop_reason: z.string().nullable(),
      }),
    ]),
  }),
);
export type BetaAdvisorToolResultBlock = z.infer<typeof BetaAdvisorToolResultBlockSchema>;

const executionErrorCodes = [
  "invalid_tool_input",
  "unavailable",
  "too_many_requests",
  "execution_time_exceeded",
] as const;
const codeOutput = lazySchema(() =>
  z.array(z.looseObject({ type: z.literal("code_execution_output"), file_id: z.string() })),
);

/** The outcome of a code-execution server tool call. */
export const BetaCodeExecutionToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("code_execution_tool_result"),
    ...toolResult(),
    content: z.discriminatedUnion("type", [
      z.looseObject({
        type: z.literal("code_execution_tool_result_error"),
        error_code: z.enum(executionErrorCodes),
      }),
      z.looseObject({
        type: z.literal("code_execution_result"),
        stdout: z.string(),
        stderr: z.string(),
        return_code: z.number(),
        content: codeOutput,
      }),
      z.looseObject({
        type: z.literal("encrypted_code_execution_result"),
        encrypted_stdout: z.string(),
        stderr: z.string(),
        return_code: z.number(),
        content: codeOutput,
      }),
    ]),
  }),
);
export type BetaCodeExecutionToolResultBlock = z.infer<typeof BetaCodeExecutionToolResultBlockSchema>;

/** The outcome of a bash command run in the code-execution container. */
export const BetaBashCodeExecutionToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("bash_code_execution_tool_result"),
    ...toolResult(),
    content: z.discriminatedUnion("type", [
      z.looseObject({
        type: z.literal("bash_code_execution_tool_result_error"),
        error_code: z.enum([...executionErrorCodes, "output_file_too_large"]),
      }),
      z.looseObject({
        type: z.literal("bash_code_execution_result"),
        stdout: z.string(),
        stderr: z.string(),
        return_code: z.number(),
        content: z.array(
          z.looseObject({ type: z.literal("bash_code_execution_output"), file_id: z.string() }),
        ),
      }),
    ]),
  }),
);
export type BetaBashCodeExecutionToolResultBlock = z.infer<typeof BetaBashCodeExecutionToolResultBlockSchema>;

/** The outcome of a text-editor command run in the code-execution container. */
export const BetaTextEditorCodeExecutionToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("text_editor_code_execution_tool_result"),
    ...toolResult(),
    content: z.discriminatedUnion("type", [
      z.looseObject({
        type: z.literal("text_editor_code_execution_tool_result_error"),
        error_code: z.enum([...executionErrorCodes, "file_not_found"]),
        error_message: z.string().nullish(),
      }),
      z.looseObject({
        type: z.literal("text_editor_code_execution_view_result"),
        content: z.string(),
        file_type: z.enum(["text", "image", "pdf"]),
        num_lines: z.number().nullish(),
        start_line: z.number().nullish(),
        total_lines: z.number().nullish(),
      }),
      z.looseObject({
        type: z.literal("text_editor_code_execution_create_result"),
        is_file_update: z.boolean(),
      }),
      z.looseObject({
        type: z.literal("text_editor_code_execution_str_replace_result"),
        lines: z.array(z.string()).nullish(),
        new_lines: z.number().nullish(),
        new_start: z.number().nullish(),
        old_lines: z.number().nullish(),
        old_start: z.number().nullish(),
      }),
    ]),
  }),
);
export type BetaTextEditorCodeExecutionToolResultBlock = z.infer<
  typeof BetaTextEditorCodeExecutionToolResultBlockSchema
>;

/** A reference to a tool, as found by tool search or listed in a tool result. */
export const ToolReferenceBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_reference"),
    tool_name: z.string(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type ToolReferenceBlock = z.infer<typeof ToolReferenceBlockSchema>;

/** The tools a tool-search server tool found, or why it failed. */
export const BetaToolSearchToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_search_tool_result"),
    ...toolResult(),
    content: z.discriminatedUnion("type", [
      z.looseObject({
        type: z.literal("tool_search_tool_result_error"),
        error_code: z.enum(executionErrorCodes),
        error_message: z.string().nullish(),
      }),
      z.looseObject({
        type: z.literal("tool_search_tool_search_result"),
        tool_references: z.array(ToolReferenceBlockSchema),
      }),
    ]),
  }),
);
export type BetaToolSearchToolResultBlock = z.infer<typeof BetaToolSearchToolResultBlockSchema>;

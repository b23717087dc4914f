import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Stable machine-readable error codes of the HTTP API; the HTTP status follows from the code. */
export const ApiErrorCodeSchema = lazySchema(() =>
  z.enum([
    "invalid_request",
    "invalid_json",
    "unsupported_media_type",
    "payload_too_large",
    "unauthorized",
    "forbidden_host",
    "forbidden_origin",
    "not_found",
    "conflict",
    "invalid_workflow",
    "queue_full",
    "unavailable",
    "internal",
  ]),
);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

/** HTTP status for each error code: one table, so a code always means the same status. */
export const apiErrorStatus: Record<ApiErrorCode, number> = {
  invalid_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthorized: 401,
  forbidden_host: 403,
  forbidden_origin: 403,
  not_found: 404,
  conflict: 409,
  invalid_workflow: 422,
  queue_full: 429,
  unavailable: 503,
  internal: 500,
};

/** One offending input field: `body.text`, `query.after`, `header.last-event-id`… */
export const ApiErrorIssueSchema = lazySchema(() => z.looseObject({ path: z.string(), message: z.string() }));
export type ApiErrorIssue = z.infer<typeof ApiErrorIssueSchema>;

/** The JSON body of every error response. `details` carries code-specific data (e.g. the first answer on 409). */
export const ApiErrorBodySchema = lazySchema(() =>
  z.looseObject({
    error: z.looseObject({
      code: ApiErrorCodeSchema,
      message: z.string(),
      issues: z.array(ApiErrorIssueSchema).optional(),
      details: z.unknown().optional(),
    }),
  }),
);
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

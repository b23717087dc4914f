import { type ApiErrorBody, type ApiErrorCode, type ApiErrorIssue, apiErrorStatus } from "@parley/protocol";

/** An error the API reports to its caller; the HTTP status follows from the code (protocol's table). */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly issues: ApiErrorIssue[] | undefined;
  readonly details: unknown;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { issues?: ApiErrorIssue[]; details?: unknown } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.issues = options.issues;
    this.details = options.details;
  }

  get status(): number {
    return apiErrorStatus[this.code];
  }

  toBody(): ApiErrorBody {
    const error: ApiErrorBody["error"] = { code: this.code, message: this.message };
    if (this.issues !== undefined) error.issues = this.issues;
    if (this.details !== undefined) error.details = this.details;
    return { error };
  }

  static notFound(what: string, id: string): ApiError {
    return new ApiError("not_found", `${what} ${JSON.stringify(id)} does not exist`);
  }
}

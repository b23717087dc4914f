/** Anthropic's error type for an HTTP status, as the real Messages API reports it. */
export function anthropicErrorTypeFor(status: number): string {
  const known: Record<number, string> = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    504: "timeout_error",
    529: "overloaded_error",
  };
  return known[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

/** The message a real provider would put in the error body when the script gives none. */
export function defaultErrorMessage(api: "anthropic" | "openai", errorType: string): string {
  const anthropic: Record<string, string> = {
    invalid_request_error: "Invalid request",
    authentication_error: "invalid x-api-key",
    billing_error: "Your credit balance is too low to access the Anthropic API.",
    permission_error: "Your API key does not have permission to use the specified resource.",
    not_found_error: "Not found",
    request_too_large: "Request exceeds the maximum allowed number of bytes.",
    rate_limit_error: "Number of request tokens has exceeded your per-minute rate limit",
    api_error: "Internal server error",
    timeout_error: "Request timed out",
    overloaded_error: "Overloaded",
  };
  const openai: Record<string, string> = {
    rate_limit_error: "Rate limit reached for requests. Please try again later.",
    api_error: "The server had an error while processing your request. Sorry about that!",
    overloaded_error: "The server is overloaded or not ready yet.",
    authentication_error: "Incorrect API key provided.",
  };
  return (api === "openai" ? openai[errorType] : undefined) ?? anthropic[errorType] ?? `fake ${errorType}`;
}

/** OpenAI's `error.type` and `error.code` for an error named in Anthropic's vocabulary. */
export function openaiErrorFieldsFor(errorType: string): { type: string; code: string | null } {
  switch (errorType) {
    case "rate_limit_error":
      return { type: "requests", code: "rate_limit_exceeded" };
    case "authentication_error":
      return { type: "invalid_request_error", code: "invalid_api_key" };
    case "billing_error":
      return { type: "insufficient_quota", code: "insufficient_quota" };
    case "not_found_error":
      return { type: "invalid_request_error", code: "model_not_found" };
    case "api_error":
    case "overloaded_error":
    case "timeout_error":
      return { type: "server_error", code: null };
    default:
      return { type: "invalid_request_error", code: null };
  }
}

/** The HTTP status a provider answers with for an error type (used when a stream error meets `stream:false`). */
export function statusForErrorType(errorType: string): number {
  const statuses: Record<string, number> = {
    invalid_request_error: 400,
    authentication_error: 401,
    billing_error: 402,
    permission_error: 403,
    not_found_error: 404,
    request_too_large: 413,
    rate_limit_error: 429,
    api_error: 500,
    timeout_error: 504,
    overloaded_error: 529,
  };
  return statuses[errorType] ?? 500;
}

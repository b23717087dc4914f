/** POSTs `body` as JSON, the way provider SDKs do; `signal` lets a test hang up mid-stream. */
export function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...options.headers },
    body: JSON.stringify(body),
    signal: options.signal,
  });
}

/** A minimal streaming Messages API request body. */
export function anthropicRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "claude-opus-5-5",
    max_tokens: 1024,
    stream: true,
    messages: [{ role: "user", content: "hi" }],
    ...overrides,
  };
}

/** A minimal streaming Chat Completions request body. */
export function openaiRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: "gpt-fake", stream: true, messages: [{ role: "user", content: "hi" }], ...overrides };
}

/**
 * True when a request failed only because its client went away (closed the tab, lost the network, gave
 * up mid-upload): nothing is wrong with the server, so it is not worth an error log or a stack trace.
 */
export function isClientAbort(error: unknown, request: Request): boolean {
  if (request.signal.aborted) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED") return true;
  return error instanceof Error && error.message === "aborted";
}

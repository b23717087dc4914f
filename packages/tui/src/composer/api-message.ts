import { ApiRequestError } from "@parley/sdk";

/** What the server said went wrong (e.g. "query.path: …"), without the request line the client puts first. */
export function apiMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.body !== undefined) return error.body.error.message;
  return (error as Error).message;
}

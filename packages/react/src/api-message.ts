import { ApiRequestError } from "@parley/sdk";

/** What the server said went wrong, without the request line the client puts before it. */
export function apiMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.body !== undefined) return error.body.error.message;
  return (error as Error).message;
}

import { type DecodeResult, decodeWith, IdSchema } from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";

/**
 * Checks a request body against its protocol schema before it is sent; the parsed body (with defaults)
 * is what goes out. A refusal reads like the server's own 400: code `invalid_request`, issues by path.
 */
export function checkedBody(
  schema: Parameters<typeof decodeWith>[0],
  value: unknown,
  method: string,
  path: string,
): unknown {
  const decoded = decodeWith(schema, value);
  if (decoded.success) return decoded.value;
  const issues = decoded.error.issues.map((issue) => ({
    path: `body.${issue.path}`,
    message: issue.message,
  }));
  const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  throw refused(method, path, message, issues);
}

/** An id placed in a URL path, checked so that it can never change the route. */
export function checkedPathId(id: string, method: string, route: string): string {
  const decoded = decodeWith(IdSchema, id);
  if (decoded.success) return decoded.value;
  throw refused(method, route, `invalid id ${JSON.stringify(id)}: ${decoded.error.message}`);
}

/** Decodes a JSON array item by item with one item decoder, naming a bad item by its index. */
export function decodeArray<T>(
  value: unknown,
  decodeItem: (item: unknown) => DecodeResult<T>,
): DecodeResult<T[]> {
  if (!Array.isArray(value)) {
    return {
      success: false,
      error: { message: "expected an array", issues: [{ path: "", message: "expected an array" }] },
    };
  }
  const items: T[] = [];
  for (const [index, item] of value.entries()) {
    const decoded = decodeItem(item);
    if (!decoded.success) {
      const issues = decoded.error.issues.map((issue) => ({ ...issue, path: `${index}.${issue.path}` }));
      return { success: false, error: { message: `${index}: ${decoded.error.message}`, issues } };
    }
    items.push(decoded.value);
  }
  return { success: true, value: items };
}

function refused(
  method: string,
  path: string,
  message: string,
  issues?: { path: string; message: string }[],
): ApiRequestError {
  return new ApiRequestError(`${method} ${path}: ${message}`, {
    method,
    path,
    status: 0,
    code: "invalid_request",
    body: { error: { code: "invalid_request", message, ...(issues !== undefined && { issues }) } },
  });
}

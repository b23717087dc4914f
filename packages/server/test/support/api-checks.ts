import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ApiErrorBody, ApiErrorBodySchema, type ApiErrorCode, decodeWith } from "@parley/protocol";
import { expect } from "vitest";
import type { z } from "zod";
import type { TestServer } from "./test-server.ts";

/**
 * Checks an error response: its status, that the body is the API's JSON error with this code, and, when
 * `field` is given, that an issue (or, without issues, the message) names the offending field.
 */
export async function expectApiError(
  response: Response,
  status: number,
  code: ApiErrorCode,
  field?: string,
): Promise<ApiErrorBody> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const decoded = decodeWith(ApiErrorBodySchema, JSON.parse(text));
  if (!decoded.success) throw new Error(`not an API error body: ${text}`);
  const { error } = decoded.value;
  expect(error.code, text).toBe(code);
  expect(error.message.length).toBeGreaterThan(0);
  if (field !== undefined) {
    if (error.issues !== undefined) expect(error.issues.map((issue) => issue.path)).toContain(field);
    else expect(error.message).toContain(field);
  }
  return decoded.value;
}

/** Reads a successful JSON response and decodes it with the route's response schema. */
export async function decodeResponse<S extends z.ZodType>(
  response: Response,
  schema: S,
  status = 200,
): Promise<z.output<S>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const decoded = decodeWith(schema, JSON.parse(text));
  if (!decoded.success)
    throw new Error(`the response does not match its schema: ${decoded.error.message}\n${text}`);
  return decoded.value;
}

/**
 * Everything a request could have written: the row count of every table, the event log's head, the
 * requests the model received and the settings file. Equal snapshots mean nothing was written.
 */
export function writtenState(server: TestServer): Record<string, unknown> {
  const { database, kind } = server.server.context.store;
  const tables = database
    .prepare(
      kind === "sqlite"
        ? "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        : `SELECT table_name AS name FROM information_schema.tables
           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
    .all() as { name: string }[];
  const snapshot: Record<string, unknown> = {};
  for (const { name } of tables) {
    snapshot[`rows.${name}`] = (
      database.prepare(`SELECT COUNT(*) AS count FROM "${name}"`).get() as {
        count: number;
      }
    ).count;
  }
  snapshot.headSeq = server.server.context.bus.head;
  snapshot.modelRequests = server.fake.requests.length;
  const settings = join(server.directories.home, "settings.json");
  snapshot.settings = existsSync(settings) ? readFileSync(settings, "utf8") : null;
  return snapshot;
}

/** An ISO 8601 UTC timestamp with milliseconds and `Z`, as seed 003 writes them. */
export const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The parts of an Anthropic Messages request body the tests look at. */
export interface ModelRequestBody {
  model: string;
  system?: unknown;
  messages: { role: string; content: { type: string; text?: string; [key: string]: unknown }[] }[];
  tools?: { name: string; description?: string }[];
}

/** The body of the `index`th request the fake model received (0-based); fails the test if there is none. */
export function modelRequest(server: TestServer, index: number): ModelRequestBody {
  const request = server.fake.requests.at(index);
  if (request === undefined) throw new Error(`the model received no request #${index}`);
  return request.body as ModelRequestBody;
}

import { z } from "zod";

/** Identifier of a session, run, message or queue item as it appears in URLs and bodies. */
export const IdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, "expected letters, digits, _ . : -");

/** The agent a message is for; every session has the `main` agent. */
export const AgentIdSchema = IdSchema.default("main");

/** A client-chosen id that makes retrying a POST safe: the same id never runs twice. */
export const ClientMessageIdSchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/);

/** A non-negative integer sent as a query string, such as an SSE cursor. */
export const QueryIntegerSchema = z
  .string()
  .regex(/^\d{1,16}$/, "expected a non-negative integer")
  .transform(Number)
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** Epoch milliseconds. */
export const TimestampMsSchema = z.number().int().nonnegative();

/** The project a request is about; optional because a server serves one project at a time. */
export const ProjectRootQuerySchema = z.looseObject({ project_root: z.string().min(1).optional() });

import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Identifier of a session, run, message or queue item as it appears in URLs and bodies. */
export const IdSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, "expected letters, digits, _ . : -"),
);

/** The agent a message is for; every session has the `main` agent. */
export const AgentIdSchema = lazySchema(() => IdSchema.default("main"));

/** A client-chosen id that makes retrying a POST safe: the same id never runs twice. */
export const ClientMessageIdSchema = lazySchema(() =>
  z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/),
);

/** A non-negative integer sent as a query string, such as an SSE cursor. */
export const QueryIntegerSchema = lazySchema(() =>
  z
    .string()
    .regex(/^\d{1,16}$/, "expected a non-negative integer")
    .transform(Number)
    .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)),
);

/** Epoch milliseconds. */
export const TimestampMsSchema = lazySchema(() => z.number().int().nonnegative());

/** The project a request is about; optional because a server serves one project at a time. */
export const ProjectRootQuerySchema = lazySchema(() =>
  z.looseObject({ project_root: z.string().min(1).optional() }),
);

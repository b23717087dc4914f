import type { z } from "zod";
import type { DecodeIssue } from "./decode-result.ts";

/** Flattens a ZodError into one issue per offending field, with a dotted path. */
export function formatIssues(error: z.ZodError): DecodeIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}

import type { z } from "zod";
import { formatIssues } from "./format-issues.ts";

/** The outcome of decoding untrusted input: decoders return this instead of throwing. */
export type DecodeResult<T> = { success: true; value: T } | { success: false; error: DecodeError };

/** Why a value could not be decoded. `issues` name each offending field by its path. */
export interface DecodeError {
  message: string;
  issues: DecodeIssue[];
}

export interface DecodeIssue {
  /** Dotted path to the offending field, e.g. `steps.0.reason`; empty for the root. */
  path: string;
  message: string;
}

/** Runs `schema.safeParse` and turns a failure into a DecodeError with readable paths. */
export function decodeWith<S extends z.ZodType>(schema: S, input: unknown): DecodeResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, value: result.data };
  const issues = formatIssues(result.error);
  return { success: false, error: { message: issues.map(describeIssue).join("; "), issues } };
}

/** Parses JSON text without throwing. */
export function parseJson(text: string): DecodeResult<unknown> {
  try {
    return { success: true, value: JSON.parse(text) };
  } catch (error) {
    const message = `invalid JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { success: false, error: { message, issues: [{ path: "", message }] } };
  }
}

function describeIssue(issue: DecodeIssue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

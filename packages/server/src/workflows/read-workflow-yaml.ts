import { createRequire } from "node:module";
import { MAX_YAML_FLOW_NESTING, yamlFlowNesting } from "@parley/engine/yaml-nesting";
import type { DecodeIssue, WorkflowProblemIssue } from "@parley/protocol";
import type { Document } from "yaml";

/**
 * The YAML parser, loaded when the first workflow file is read rather than at every server start (it is an
 * eighth of the server's start code). Synchronous, as workflow listing is; `@parley/cli` depends on `yaml` too,
 * so the bundle, which leaves this require to Node, resolves it from its own folder.
 */
let yaml: typeof import("yaml") | undefined;
const loadYaml = () => {
  yaml ??= createRequire(import.meta.url)("yaml") as typeof import("yaml");
  return yaml;
};

/** The longest workflow file read: a workflow is a page of steps. */
export const MAX_WORKFLOW_CHARACTERS = 64 * 1024;
/** A workflow file's YAML: its value, or the first syntax error with where it is. */
export type ParsedWorkflowYaml =
  | { ok: true; value: unknown; locate: (issue: DecodeIssue) => WorkflowProblemIssue }
  | { ok: false; issue: WorkflowProblemIssue };

/**
 * Parses a workflow file keeping where each node is, so a schema issue (`steps.1: Unrecognized key
 * "retries"`) can say its line and column, as an editor would.
 */
export function readWorkflowYaml(text: string): ParsedWorkflowYaml {
  // A cloned repository's workflow file is anyone's words, and the parser's time (and, on deeply nested flow
  // lists, its regular expressions' memory: V8 aborted the process on `[[[[…` of 4 KiB) grows faster than
  // its input: what no workflow needs is refused before it is parsed.
  if (text.length > MAX_WORKFLOW_CHARACTERS)
    return { ok: false, issue: { path: "", message: `larger than ${MAX_WORKFLOW_CHARACTERS / 1024} KiB` } };
  if (yamlFlowNesting(text) > MAX_YAML_FLOW_NESTING)
    return {
      ok: false,
      issue: {
        path: "",
        message: `not valid YAML: lists or maps nested more than ${MAX_YAML_FLOW_NESTING} deep`,
      },
    };
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  const [error] = document.errors;
  if (error !== undefined) {
    const position = error.linePos?.[0];
    return {
      ok: false,
      issue: {
        path: "",
        message: `not valid YAML: ${error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`,
        ...(position && { line: position.line, column: position.col }),
      },
    };
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (caught) {
    return { ok: false, issue: { path: "", message: `not valid YAML: ${(caught as Error).message}` } };
  }
  return {
    ok: true,
    value,
    locate: (issue) => {
      const offset = offsetOf(document, issue);
      if (offset === undefined) return { ...issue };
      const position = lineCounter.linePos(offset);
      return { ...issue, line: position.line, column: position.col };
    },
  };
}

/**
 * Where in the file an issue's path points: the misspelt key itself for an unknown key, else the nearest
 * node on the path that exists (a missing `run` points at its step).
 */
function offsetOf(document: Document, issue: DecodeIssue): number | undefined {
  const path =
    issue.path === "" ? [] : issue.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const unknownKey = /Unrecognized keys?: "([^"]+)"/.exec(issue.message)?.[1];
  const { isMap, isScalar } = loadYaml();
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? document.contents : document.getIn(path.slice(0, length), true);
    if (node === undefined || node === null) continue;
    if (unknownKey !== undefined && length === path.length && isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === unknownKey);
      const keyRange = isScalar(pair?.key) ? pair.key.range : undefined;
      if (keyRange) return keyRange[0];
    }
    const range = (node as { range?: [number, number, number] }).range;
    if (range) return range[0];
  }
  return undefined;
}

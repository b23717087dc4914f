import { loadYaml, MAX_YAML_FLOW_NESTING, yamlFlowNesting } from "@parley/engine/util";
import type { DecodeIssue, WorkflowProblemIssue } from "@parley/protocol";
import type { Document } from "yaml";

/**
 * The longest workflow file read: a workflow is a page of steps. The parser takes ~1.4 ms a KiB of plain keys
 * on this project's machines (in the server's worker, or in `parley run`'s own process): 32 KiB keeps one file's
 * parse to a few tens of ms.
 */
export const MAX_WORKFLOW_CHARACTERS = 32 * 1024;
/** A workflow file's YAML: its value, or the first syntax error with where it is. */
export type ParsedWorkflowYaml =
  | { ok: true; value: unknown; locate: (issue: DecodeIssue) => WorkflowProblemIssue }
  | { ok: false; issue: WorkflowProblemIssue };

/**
 * Parses a workflow file keeping where each node is, so a schema issue (`steps.1: Unrecognized key
 * "retries"`) can say its line and column, as an editor would.
 */
export async function readWorkflowYaml(text: string): Promise<ParsedWorkflowYaml> {
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
  const yaml = await loadYaml();
  const lineCounter = new yaml.LineCounter();
  // The parser's own check of unique keys compares each key with every earlier one of its map: 64 KiB of
  // `kN: v` lines held the event loop ~0.45 s. The same check by a set of each map's keys is linear.
  const document = yaml.parseDocument(text, { lineCounter, uniqueKeys: false });
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
  const repeated = repeatedKeyOffset(yaml, document);
  if (repeated !== undefined) {
    const position = lineCounter.linePos(repeated);
    return {
      ok: false,
      issue: {
        path: "",
        message: "not valid YAML: Map keys must be unique",
        line: position.line,
        column: position.col,
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
      const offset = offsetOf(yaml, document, issue);
      if (offset === undefined) return { ...issue };
      const position = lineCounter.linePos(offset);
      return { ...issue, line: position.line, column: position.col };
    },
  };
}

/** Where the first key said a second time in one map is, as the parser's own check would report it. */
function repeatedKeyOffset(yaml: typeof import("yaml"), document: Document): number | undefined {
  let offset: number | undefined;
  yaml.visit(document, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        const name = yaml.isScalar(key) ? key.value : key;
        if (seen.has(name)) {
          offset = (yaml.isNode(key) ? key.range?.[0] : undefined) ?? 0;
          return yaml.visit.BREAK;
        }
        seen.add(name);
      }
      return undefined;
    },
  });
  return offset;
}

/**
 * Where in the file an issue's path points: the misspelt key itself for an unknown key, else the nearest
 * node on the path that exists (a missing `run` points at its step).
 */
function offsetOf(yaml: typeof import("yaml"), document: Document, issue: DecodeIssue): number | undefined {
  const path =
    issue.path === "" ? [] : issue.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const unknownKey = /Unrecognized keys?: "([^"]+)"/.exec(issue.message)?.[1];
  const { isMap, isScalar } = yaml;
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

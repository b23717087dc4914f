import { describe, expect, it } from "vitest";
import { findJsonObjects } from "./json-candidates.ts";

describe("findJsonObjects", () => {
  it("finds a fenced json block and reports the whole fence as its span", () => {
    const text = 'Plan:\n```json\n{"a": 1}\n```\nDone.';
    const [candidate] = findJsonObjects(text);
    expect(candidate?.value).toEqual({ a: 1 });
    expect(text.slice(candidate?.start, candidate?.end)).toBe('```json\n{"a": 1}\n```\n');
  });

  it("finds bare objects in prose, with braces and escaped quotes inside strings", () => {
    const text = 'Here: {"note": "use {x} and \\"}\\" freely", "n": {"deep": true}} and also {"b": 2}.';
    expect(findJsonObjects(text).map((candidate) => candidate.value)).toEqual([
      { note: 'use {x} and "}" freely', n: { deep: true } },
      { b: 2 },
    ]);
  });

  it("ignores code fences in other languages, even when they contain JSON-looking objects", () => {
    const text = '```ts\nconst x = {"a": 1};\n```\n';
    expect(findJsonObjects(text)).toEqual([]);
  });

  it("accepts unlabelled and tilde fences", () => {
    const text = '```\n{"a": 1}\n```\n~~~json\n{"b": 2}\n~~~';
    expect(findJsonObjects(text).map((candidate) => candidate.value)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("skips truncated JSON but still finds complete objects nested in it", () => {
    const text = '{"goal": "x", "steps": [{"step_number": 1}, {"step_n';
    expect(findJsonObjects(text).map((candidate) => candidate.value)).toEqual([{ step_number: 1 }]);
  });

  it("skips brace-delimited text that is not JSON", () => {
    expect(findJsonObjects('function f() { return {"a": b}; }')).toEqual([]);
  });

  it("finds the objects inside a json fence that also holds comments", () => {
    const text = '```json\n// the plan\n{"a": 1}\n{"b": 2}\n```';
    expect(findJsonObjects(text).map((candidate) => candidate.value)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it("skips JSON arrays and scalars in fences", () => {
    expect(findJsonObjects('```json\n[{"a": 1}]\n```')).toEqual([]);
  });

  it("handles thousands of unclosed objects without hanging", () => {
    const text = '{"a": '.repeat(20_000);
    expect(findJsonObjects(text)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { joinInserts } from "./insert-rows.ts";

const insertToken = "INSERT INTO token_events (seq, ts_ms, frame) VALUES ($1, $2, $3)";

describe("joinInserts", () => {
  it("sends a run of the same one-row insert as one statement with every row, in order", () => {
    const joined = joinInserts([
      { sql: "BEGIN" },
      { sql: insertToken, params: [1, 10, "a"] },
      { sql: insertToken, params: [2, 10, "b"] },
      { sql: insertToken, params: [3, 11, "c"] },
      { sql: "COMMIT" },
    ]);
    expect(joined).toEqual([
      { sql: "BEGIN" },
      {
        sql: "INSERT INTO token_events (seq, ts_ms, frame) VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9)",
        params: [1, 10, "a", 2, 10, "b", 3, 11, "c"],
      },
      { sql: "COMMIT" },
    ]);
  });

  it("keeps literals and ON CONFLICT DO NOTHING, and leaves other statements where they were", () => {
    const ignoring = "INSERT INTO texts (id, kind, body) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING";
    const update = "UPDATE runs SET state = $1 WHERE id = $2";
    const joined = joinInserts([
      { sql: ignoring, params: ["t1", "x"] },
      { sql: ignoring, params: ["t2", "y"] },
      { sql: update, params: ["done", "r1"] },
      { sql: ignoring, params: ["t3", "z"] },
    ]);
    expect(joined).toEqual([
      {
        sql: "INSERT INTO texts (id, kind, body) VALUES ($1, 0, $2), ($3, 0, $4) ON CONFLICT DO NOTHING",
        params: ["t1", "x", "t2", "y"],
      },
      { sql: update, params: ["done", "r1"] },
      { sql: ignoring, params: ["t3", "z"] },
    ]);
  });

  it("does not join an insert that reads other rows or returns some", () => {
    const selecting = "INSERT INTO copies (id) SELECT id FROM runs WHERE owner = $1";
    const returning = "INSERT INTO runs (id) VALUES ($1) RETURNING id";
    const queries = [
      { sql: selecting, params: ["a"] },
      { sql: selecting, params: ["b"] },
      { sql: returning, params: ["c"] },
      { sql: returning, params: ["d"] },
    ];
    expect(joinInserts(queries)).toEqual(queries);
  });

  it("splits a run too long for one statement's parameters", () => {
    const rows = Array.from({ length: 10_001 }, (_, index) => ({
      sql: insertToken,
      params: [index, 0, "t"],
    }));
    const joined = joinInserts(rows);
    expect(joined.map((query) => (query.params as unknown[]).length)).toEqual([30_000, 3]);
  });
});

import type { BridgeQuery } from "./sync-bridge.ts";

/** A plain `INSERT … VALUES (…)` whose parameters are all in its one row (and optionally `ON CONFLICT DO NOTHING`). */
const ONE_ROW_INSERT = /^(\s*INSERT INTO [^$]*?\bVALUES\s*)\(([^()]*)\)(\s*ON CONFLICT DO NOTHING)?\s*$/is;

/** PostgreSQL takes at most 65,535 parameters in a statement; rows per statement stay well below that. */
const MAX_PARAMETERS = 30_000;

/**
 * Joins consecutive runs of the same one-row INSERT into one multi-row INSERT: PostgreSQL parses, plans and
 * answers a statement once instead of once per row (a commit of 50 streamed tokens was 50 statements).
 * The rows, their order and what a failure undoes are the same: the statements ran in one transaction.
 */
export function joinInserts(queries: readonly BridgeQuery[]): BridgeQuery[] {
  const joined: BridgeQuery[] = [];
  let index = 0;
  while (index < queries.length) {
    const query = queries[index] as BridgeQuery;
    const shape = query.params === undefined ? null : ONE_ROW_INSERT.exec(query.sql);
    const perRow = query.params?.length ?? 0;
    let end = index + 1;
    if (shape !== null && perRow > 0) {
      const maxRows = Math.floor(MAX_PARAMETERS / perRow);
      while (end < queries.length && end - index < maxRows && queries[end]?.sql === query.sql) end++;
    }
    if (shape === null || end - index === 1) {
      joined.push(query);
      index++;
      continue;
    }
    const [, head, row, tail] = shape as unknown as [string, string, string, string | undefined];
    const rows: string[] = [];
    const params: unknown[] = [];
    for (let at = index; at < end; at++) {
      const offset = params.length;
      rows.push(`(${row.replace(/\$(\d+)/g, (_, number: string) => `$${Number(number) + offset}`)})`);
      params.push(...((queries[at] as BridgeQuery).params as unknown[]));
    }
    joined.push({ sql: `${head}${rows.join(", ")}${tail ?? ""}`, params });
    index = end;
  }
  return joined;
}

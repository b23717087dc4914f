/** A statement rewritten for PostgreSQL, with how to order its parameters. */
export interface PostgresStatementText {
  sql: string;
  /** Named parameters (`@name`) in `$n` order; empty when the statement uses `?`. */
  names: string[];
  positional: number;
}

/**
 * Rewrites the SQL the repositories share with SQLite into PostgreSQL's: `?` and `@name` parameters to `$n`,
 * `INSERT OR IGNORE` to `ON CONFLICT DO NOTHING`, `IS [NOT] ?` to `IS [NOT] DISTINCT FROM`, `rowid` to `ctid`, a BLOB cast's length to
 * `octet_length`, and camelCase aliases quoted (PostgreSQL folds unquoted names to lower case). The
 * repositories keep to this small common subset; anything else is written per dialect.
 */
export function toPostgres(sqliteSql: string): PostgresStatementText {
  const names: string[] = [];
  let positional = 0;
  let sql = sqliteSql.replace(/'(?:[^']|'')*'|\?|@([A-Za-z_]\w*)/g, (match, name: string | undefined) => {
    if (match.startsWith("'")) return match;
    if (name === undefined) return `$${++positional}`;
    let index = names.indexOf(name);
    if (index === -1) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  if (/^\s*INSERT OR IGNORE/i.test(sql)) {
    sql = `${sql.replace(/INSERT OR IGNORE/i, "INSERT")} ON CONFLICT DO NOTHING`;
  }
  sql = sql
    // SQLite's IS and IS NOT compare a parameter as PostgreSQL's (NOT) DISTINCT FROM do (NULL equal to NULL).
    .replace(/\bIS NOT (\$\d+)/g, "IS DISTINCT FROM $1")
    .replace(/\bIS (\$\d+)/g, "IS NOT DISTINCT FROM $1")
    .replace(/\browid\b/g, "ctid")
    .replace(/length\(CAST\((\w+) AS BLOB\)\)/g, "octet_length($1)")
    .replace(/\bAS (end|[a-z]+[A-Z]\w*)\b/g, 'AS "$1"');
  return { sql, names, positional };
}

/** Orders a call's arguments as the rewritten statement's `$n` parameters. */
export function parametersOf(text: PostgresStatementText, args: readonly unknown[]): unknown[] {
  if (text.names.length === 0) return args as unknown[];
  const named = (args[0] ?? {}) as Record<string, unknown>;
  return text.names.map((name) => named[name]);
}

/** Marks a column value that is a byte string (base64 after the mark). */
const BYTES_MARK = "\u0001";
/** Marks a text that itself began with a mark (the mark is dropped on read). */
const ESCAPE_MARK = "\u0002";

/**
 * SQLite keeps a text or a byte string in the same column (a long text is stored deflated where that saves
 * space); PostgreSQL's columns have one type. On PostgreSQL such a column is `text` and a byte string goes
 * in as a marked base64 string, so every repository reads back exactly what it wrote.
 */
export function encodeValue(value: unknown): unknown {
  if (typeof value === "string") {
    return value.startsWith(BYTES_MARK) || value.startsWith(ESCAPE_MARK) ? ESCAPE_MARK + value : value;
  }
  if (value instanceof Uint8Array) return BYTES_MARK + Buffer.from(value).toString("base64");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** The value a repository wrote, from what PostgreSQL returned. */
export function decodeValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.startsWith(BYTES_MARK)) return Buffer.from(value.slice(1), "base64");
  if (value.startsWith(ESCAPE_MARK)) return value.slice(1);
  return value;
}

/** A row with each column decoded. */
export function decodeRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) row[key] = decodeValue(row[key]);
  return row;
}

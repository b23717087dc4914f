/** A plain-text table with a header row, columns padded to their widest cell. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? "").length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `-${"-".repeat(width)}-` : `-${"-".repeat(width)}:`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

export { median } from "@parley/testkit";

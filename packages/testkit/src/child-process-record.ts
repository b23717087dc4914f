import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";

/** How a child process was started, as it saw it: where it ran, its environment, arguments and stdin. */
export interface ChildProcessRecord {
  cwd: string;
  env: Record<string, string>;
  argv: string[];
  stdin: string;
}

/**
 * Writes an executable program at `path` (a fake agent CLI, a fake `git`) and returns the path. Each run
 * records how it was started (cwd, environment, arguments and, unless `readsStdin` is false, stdin up to its
 * end) as JSON in the file `record`, prints nothing and exits 0, so a test can check what Parley hands a
 * child without the real program.
 */
export function writeRecordingProgram(
  path: string,
  record: string,
  options: { readsStdin?: boolean } = {},
): string {
  const save = `(stdin) => writeFileSync(${JSON.stringify(record)}, JSON.stringify({ cwd: process.cwd(), env: process.env, argv: process.argv.slice(2), stdin }))`;
  const body =
    options.readsStdin === false
      ? 'save("");'
      : 'let stdin = "";\nprocess.stdin.setEncoding("utf8");\nprocess.stdin.on("data", (chunk) => (stdin += chunk));\nprocess.stdin.on("end", () => save(stdin));';
  writeFileSync(
    path,
    `#!${process.execPath}\nimport { writeFileSync } from "node:fs";\nconst save = ${save};\n${body}\n`,
  );
  chmodSync(path, 0o755);
  return path;
}

/** What a recording program (or the fixture MCP server) wrote, or undefined when it never ran. */
export function readChildProcessRecord(record: string): ChildProcessRecord | undefined {
  return existsSync(record) ? (JSON.parse(readFileSync(record, "utf8")) as ChildProcessRecord) : undefined;
}

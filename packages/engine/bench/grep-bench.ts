/**
 * Measures `Grep` over a real tree (this repository by default: a few thousand files once node_modules and
 * .git are left out) in the three output modes, against another checkout's `Grep` in the same run:
 *
 *   npx tsx bench/grep-bench.ts [--root DIR] [--rounds N] [--against /path/to/other/checkout]
 *
 * Without `--against` it prints this checkout's medians alone. With it, rounds alternate between the two
 * (the other checkout's grep-tool.ts is imported by path, so it needs its own node_modules), and each row
 * prints the ratio of this checkout's median to the other's. Each row also checks both gave the same text.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { EngineTool, ToolContext } from "../src/index.ts";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: resolve(import.meta.dirname, "../../..") },
    rounds: { type: "string", default: "7" },
    against: { type: "string" },
  },
});

/** The searches: a common word, a case-insensitive one, and content with context (whole, then as shown). */
const CASES: [string, Record<string, unknown>][] = [
  ["files_with_matches 'import'", { pattern: "import" }],
  ["count -i 'error'", { pattern: "error", "-i": true, output_mode: "count" }],
  [
    "content -C 2 'TODO|FIXME'",
    { pattern: "TODO|FIXME", output_mode: "content", "-C": 2, head_limit: 1_000_000 },
  ],
  ["content -C 2 'function' (head 250)", { pattern: "function", output_mode: "content", "-C": 2 }],
  ["files_with_matches 'zqxj' (no match)", { pattern: "zqxj" }],
];

async function grepOf(checkout: string): Promise<EngineTool> {
  const module = await import(join(checkout, "packages/engine/src/tools/builtin/grep-tool.ts"));
  return module.grepTool as EngineTool;
}

async function run(tool: EngineTool, input: Record<string, unknown>): Promise<{ ms: number; text: string }> {
  const context = { cwd: values.root, signal: new AbortController().signal } as unknown as ToolContext;
  const started = performance.now();
  const output = await tool.execute(input, context);
  return { ms: performance.now() - started, text: String(output.content) };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

const tools: [string, EngineTool][] = [["this", await grepOf(resolve(import.meta.dirname, "../../.."))]];
if (values.against) tools.push(["other", await grepOf(resolve(values.against))]);
const rounds = Number(values.rounds);
console.log(`Grep over ${values.root}, ${rounds} rounds (median ms)`);
for (const [name, input] of CASES) {
  const times = tools.map(() => [] as number[]);
  const texts = tools.map(() => "");
  // A first run of each warms the file cache and starts the worker; it is not counted.
  for (const [index, [, tool]] of tools.entries()) texts[index] = (await run(tool, input)).text;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? tools.entries() : [...tools.entries()].reverse();
    for (const [index, [, tool]] of order) times[index]?.push((await run(tool, input)).ms);
  }
  const medians = times.map(median);
  const row = medians.map((ms, index) => `${tools[index]?.[0]} ${ms.toFixed(1)}`).join("  ");
  const ratio = medians.length === 2 ? `  ratio ${((medians[0] ?? 0) / (medians[1] ?? 1)).toFixed(2)}×` : "";
  const same = texts.length === 2 ? (texts[0] === texts[1] ? "  same text" : "  TEXT DIFFERS") : "";
  console.log(`${name.padEnd(40)} ${row}${ratio}${same}`);
}

/**
 * How fast `parley` starts and how much memory it holds idle, beside bare Node doing the least of the same
 * thing, in the same run (each round runs every variant once, in turn, so load on shared cores hits all alike):
 *
 *   serve → healthy:  spawn to the first 200 from /api/health  vs  a bare node:http server's first 200
 *   serve idle RSS:   two seconds after healthy                 vs  that bare server's
 *   --help:           spawn to exit                             vs  `node -e 0`
 *   run -p demo:      spawn to the first byte on stdout         vs  `node -e` writing one byte
 *
 * Each is also run from the TypeScript sources through tsx (what bin/parley.js did before the bundle), fewer
 * times because it is slow. Prints medians, and the median of each round's ratio. START_BENCH_RUNS sets the
 * rounds (default 7).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBundle } from "../build/build-bundle.mjs";
import { type Launch, measure, type StartFigures } from "./start-measure.ts";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
const sources = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const runtimeTsconfig = fileURLToPath(new URL("../tsconfig.runtime.json", import.meta.url));
const rounds = Number(process.env.START_BENCH_RUNS ?? 7);
const sourceRounds = Math.min(3, rounds);

const scratch = mkdtempSync(join(tmpdir(), "parley-start-bench-"));
const project = join(scratch, "project");
mkdirSync(project);
// No keys: the demo model answers. No PARLEY_TOKEN or port from the caller's shell.
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: scratch,
  PARLEY_HOME: join(scratch, "home"),
  NODE_ENV: "production",
};

const bareServer = `require("node:http").createServer((q, s) => s.end('{"ok":true}')).listen(0, "127.0.0.1", function () {
  console.log("API:   http://127.0.0.1:" + this.address().port + "/api");
});`;
const fromSources = (args: string[]): Launch => ({
  command: process.execPath,
  args: [
    "--import",
    import.meta.resolve("tsx"),
    "--input-type=module",
    "-e",
    `const { main, processIo } = await import(${JSON.stringify(sources)}); process.exitCode = await main(${JSON.stringify(args)}, processIo());`,
  ],
  env: { ...env, TSX_TSCONFIG_PATH: runtimeTsconfig },
});
const bundled = (args: string[]): Launch => ({ command: process.execPath, args: [bin, ...args], env });
const bare = (script: string): Launch => ({ command: process.execPath, args: ["-e", script], env });

const serveArgs = ["serve", "--project", project, "--port", "0"];
const runArgs = ["run", "-p", "Say hello", "--cwd", project];

const variants: { name: string; launches: Record<keyof StartFigures, Launch>; rounds: number }[] = [
  {
    name: "bare node",
    rounds,
    launches: {
      serve: bare(bareServer),
      help: bare("0"),
      run: bare('process.stdout.write("x")'),
    },
  },
  {
    name: "parley (bundle)",
    rounds,
    launches: { serve: bundled(serveArgs), help: bundled(["--help"]), run: bundled(runArgs) },
  },
  {
    name: "parley (sources via tsx)",
    rounds: sourceRounds,
    launches: { serve: fromSources(serveArgs), help: fromSources(["--help"]), run: fromSources(runArgs) },
  },
];

try {
  await ensureBundle();
  // Not measured: builds the web UI if it has to, and warms the file cache for every variant.
  for (const variant of variants) await measure(variant.launches, project);

  const samples = variants.map(() => [] as StartFigures<number>[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, variant] of variants.entries()) {
      if (round < variant.rounds) samples[index]?.push(await measure(variant.launches, project));
    }
  }
  report(samples);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function report(samples: StartFigures<number>[][]): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const measured = (sample: StartFigures<number>, key: keyof StartFigures<number> | "rss") =>
    key === "rss" ? sample.serveRssMb : sample[key];
  const figure = (index: number, key: keyof StartFigures<number> | "rss") =>
    median((samples[index] ?? []).map((sample) => measured(sample, key)));
  // Ratios are taken within each round (the variants ran back to back) and then the median: load on shared
  // cores drifts between rounds far more than within one.
  const ratio = (index: number, base: number, key: keyof StartFigures<number> | "rss") =>
    median(
      (samples[index] ?? []).flatMap((sample, round) => {
        const baseline = samples[base]?.[round];
        return baseline === undefined ? [] : [measured(sample, key) / measured(baseline, key)];
      }),
    );
  const rows: [string, keyof StartFigures<number> | "rss", string][] = [
    ["serve → healthy /api/health", "serve", "ms"],
    ["serve idle RSS", "rss", "MB"],
    ["--help", "help", "ms"],
    ["run -p (demo) → first output", "run", "ms"],
  ];
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `\nStart and memory: medians of ${rounds} rounds (tsx: ${sourceRounds}); load average ${load}\n`,
  );
  console.log(
    `${"".padEnd(30)}${variants.map((variant) => variant.name.padStart(26)).join("")}   bundle ÷ bare   tsx ÷ bundle`,
  );
  for (const [label, key, unit] of rows) {
    const values = variants.map((_, index) => figure(index, key));
    const decimals = key === "rss" ? 1 : 0;
    console.log(
      `${label.padEnd(30)}${values.map((value) => `${value.toFixed(decimals)} ${unit}`.padStart(26)).join("")}` +
        `${`${ratio(1, 0, key).toFixed(2)}×`.padStart(16)}${`${ratio(2, 1, key).toFixed(2)}×`.padStart(15)}`,
    );
  }
}

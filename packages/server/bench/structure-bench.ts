/**
 * How a repository's lockfiles weigh on the server: the real Parley server, in this process, answers
 * `GET /api/health` in a loop while `GET /api/workspace/structure?type=dependencies` reads a crafted
 * package-lock.json (the security report's 21 KB and 29 KB), an ordinary 59 MB one and a 500,000-line
 * requirements.txt. Baseline: the same health loop with nothing else to do, in the same run. Each row
 * prints health latency (median, p99, max), its p99 as a ratio to the baseline's, the server's longest
 * event-loop stall, and what the structure said. Run with `npm run bench:structure -w @parley/server`
 * (node with `--expose-gc`, so the garbage of generating the inputs is collected before each row).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { deepNpmLockfile, ordinaryNpmLockfile } from "@parley/testkit";
import { startParleyServer } from "../src/index.ts";

const root = mkdtempSync(join(tmpdir(), "parley-structure-bench-"));
const project = join(root, "project");
mkdirSync(project);
const server = await startParleyServer({ projectRoot: project, home: join(root, "home"), port: 0, env: {} });

interface Probed {
  latencies: number[];
  stallMs: number;
  detail: string;
}

/** Probes health until `work` ends (or for `idleMs` when there is none), measuring the event loop too. */
async function probe(work: (() => Promise<string>) | undefined, idleMs = 3_000): Promise<Probed> {
  // The inputs were generated in this process: collect that garbage now, not during the measurement.
  globalThis.gc?.();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await sleep(5);
    }
  })();
  let detail = "";
  if (work === undefined) await sleep(idleMs);
  else detail = await work();
  running = false;
  await loop;
  delay.disable();
  return { latencies: latencies.sort((left, right) => left - right), stallMs: delay.max / 1e6, detail };
}

async function structure(): Promise<string> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/workspace/structure?type=dependencies`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const { data } = (await response.json()) as {
    data: { content: { dependencies: unknown[] }; problems?: { path: string; reason: string }[] };
  };
  const problems = (data.problems ?? []).map((problem) => `${problem.path}: ${problem.reason}`).join(", ");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `structure in ${seconds} s, ${data.content.dependencies.length} packages${problems ? `; ${problems}` : ""}`;
}

function report(label: string, probed: Probed, baseline?: Probed): void {
  const at = (share: number) =>
    probed.latencies[Math.min(probed.latencies.length - 1, Math.floor(share * probed.latencies.length))] ?? 0;
  const p99 = at(0.99);
  const baseP99 = baseline?.latencies[Math.floor(0.99 * baseline.latencies.length)] ?? p99;
  const ratio = baseline === undefined ? "baseline" : `${(p99 / baseP99).toFixed(2)}×`;
  console.log(
    `${label.padEnd(44)} health ×${String(probed.latencies.length).padStart(4)}  median ${at(0.5).toFixed(1).padStart(6)} ms  ` +
      `p99 ${p99.toFixed(1).padStart(7)} ms ${ratio.padStart(8)}  max ${(probed.latencies.at(-1) ?? 0).toFixed(1).padStart(7)} ms  ` +
      `stall ${probed.stallMs.toFixed(1).padStart(7)} ms  ${probed.detail}`,
  );
}

try {
  // The first structure starts the worker process; start it before measuring.
  await structure();
  const baseline = await probe(undefined);
  report("baseline: health alone", baseline);
  const inputs = [
    {
      label: "crafted 21 KB package-lock.json",
      name: "package-lock.json",
      text: deepNpmLockfile({ depth: 1_000, requirements: 300, installed: false }),
    },
    {
      label: "crafted 29 KB package-lock.json",
      name: "package-lock.json",
      text: deepNpmLockfile({ depth: 1_250, requirements: 400, installed: false }),
    },
    {
      label: "ordinary 59 MB package-lock.json",
      name: "package-lock.json",
      text: ordinaryNpmLockfile(155_000),
    },
    {
      label: "500,000-line requirements.txt",
      name: "requirements.txt",
      text: Array.from({ length: 500_000 }, (_, index) => `package-${index}==1.0.${index % 10}\n`).join(""),
    },
  ];
  for (const input of inputs) {
    writeFileSync(join(project, input.name), input.text);
    report(`${input.label} (${(input.text.length / 1024).toFixed(0)} KB)`, await probe(structure), baseline);
    rmSync(join(project, input.name));
  }
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}

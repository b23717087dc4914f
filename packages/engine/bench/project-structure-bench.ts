/**
 * Measures project structures against baselines in the same run, printing each row's ratio to its baseline:
 *
 *   walks:     a generated 100,000-file tree. The whole-project tree and file list against a recursive
 *              `fs.readdir` + `lstat` of the whole tree; the default-limit tree (20,000 entries) against the
 *              same recursion stopped at 20,000 entries, so each compares like with like.
 *   lockfiles: the crafted package-lock.json of the security report (21 KB and 29 KB) and an ordinary
 *              59 MB one, read through `generateProjectStructure` (a worker process), against `JSON.parse`
 *              of the same file on this thread.
 *
 * Each row also shows this thread's heap growth and its longest event-loop stall: the structure is built in
 * a worker process, so what this thread does is start it, send the job and take the answer (parsing it,
 * except in the row that takes it as JSON text, as the HTTP route does). The worker is
 * started once before the rows (its start-up is printed on its own). Run with `npm run bench -w @parley/engine`.
 */
import type { Dirent } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { deepNpmLockfile, ordinaryNpmLockfile } from "@parley/testkit";
import {
  generateProjectStructure,
  generateProjectStructureJson,
} from "../src/project-structure/generate-project-structure.ts";

const FOLDERS = 100;
const SUBFOLDERS = 10;
const FILES = 100;

async function createTree(root: string): Promise<number> {
  let count = 0;
  for (let folder = 0; folder < FOLDERS; folder++) {
    for (let sub = 0; sub < SUBFOLDERS; sub++) {
      const dir = join(root, `pkg-${folder}`, `mod-${sub}`);
      await mkdir(dir, { recursive: true });
      await Promise.all(
        Array.from({ length: FILES }, (_, file) => writeFile(join(dir, `file-${file}.ts`), "export {};\n")),
      );
      count += FILES;
    }
  }
  await writeFile(join(root, ".gitignore"), "pkg-99/\n");
  return count;
}

/**
 * A recursive `readdir` that `lstat`s each folder's files at once, depth first in name order, stopping after
 * `limit` entries: the least a walk that reports sizes must do.
 */
async function readdirAndStat(root: string, limit = Number.POSITIVE_INFINITY): Promise<number> {
  let count = 0;
  const visit = async (folder: string): Promise<void> => {
    const entries: Dirent[] = await readdir(folder, { withFileTypes: true });
    entries.sort((left, right) => (left.name < right.name ? -1 : 1));
    const taken = entries.slice(0, Math.max(0, limit - count));
    count += taken.length;
    await Promise.all(
      taken.filter((entry) => entry.isFile()).map((entry) => lstat(join(folder, entry.name))),
    );
    for (const entry of taken)
      if (entry.isDirectory() && count < limit) await visit(join(folder, entry.name));
  };
  await visit(root);
  return count;
}

interface Measured {
  ms: number;
}

async function measure(label: string, work: () => Promise<string>, baseline?: Measured): Promise<Measured> {
  globalThis.gc?.();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  delay.enable();
  const started = performance.now();
  const detail = await work();
  const ms = performance.now() - started;
  // A stall at the very end shows only when the delayed timer fires: let it, before reading the histogram.
  await new Promise((resolve) => setTimeout(resolve, 50));
  delay.disable();
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const ratio = baseline === undefined ? "baseline" : `${(ms / baseline.ms).toFixed(2)}×`;
  console.log(
    `${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms ${ratio.padStart(9)}   heap +${mb(heapPeak - heapBefore).padStart(9)}   ` +
      `longest stall ${(delay.max / 1e6).toFixed(1).padStart(7)} ms   ${detail}`,
  );
  return { ms };
}

/** A structure of `root`, summarized: entries, problems. */
async function structureOf(root: string, type: "tree" | "file_list" | "dependencies", maxEntries?: number) {
  const structure = await generateProjectStructure({ root, type, ...(maxEntries && { maxEntries }) });
  const problems = structure.problems?.map((problem) => `${problem.path}: ${problem.reason}`).join(", ");
  const size =
    structure.structure_type === "file_list"
      ? `${structure.content.length} files`
      : structure.structure_type === "dependencies"
        ? `${structure.content.dependencies.length} packages`
        : "";
  return [size, structure.truncated ? "truncated" : "", problems ? `problems: ${problems}` : ""]
    .filter(Boolean)
    .join("; ");
}

const root = await mkdtemp(join(tmpdir(), "parley-structure-bench-"));
try {
  await measure("worker start (from sources: tsx) + an empty project", () => structureOf(root, "tree"));

  const created = await createTree(join(root, "tree"));
  const tree = join(root, "tree");
  console.log(`\nWalks: ${created} files in ${FOLDERS * SUBFOLDERS} folders (pkg-99/ is gitignored)`);
  const whole = await measure(
    "baseline: readdir + lstat, whole tree",
    async () => `${await readdirAndStat(tree)} entries`,
  );
  await measure("tree, whole project (limit 200,000)", () => structureOf(tree, "tree", 200_000), whole);
  await measure(
    "tree, whole project, as JSON text (the HTTP route)",
    async () => {
      const json = await generateProjectStructureJson({ root: tree, type: "tree", maxEntries: 200_000 });
      return `${(json.length / 1024 / 1024).toFixed(1)} MB of JSON`;
    },
    whole,
  );
  await measure(
    "file_list, whole project, alphabetical",
    () => structureOf(tree, "file_list", 200_000),
    whole,
  );
  await measure(
    "dependencies (walk for manifests, no lstat)",
    () => structureOf(tree, "dependencies", 200_000),
    whole,
  );
  const capped = await measure(
    "baseline: readdir + lstat, first 20,000 entries",
    async () => `${await readdirAndStat(tree, 20_000)} entries`,
  );
  await measure("tree, default limits (20,000 entries)", () => structureOf(tree, "tree"), capped);

  console.log("\nLockfiles (package-lock.json), read in the worker, against JSON.parse on this thread");
  const lockfiles = [
    {
      name: "crafted 21 KB (1,000 deep × 300)",
      text: deepNpmLockfile({ depth: 1_000, requirements: 300, installed: false }),
    },
    {
      name: "crafted 29 KB (1,250 deep × 400)",
      text: deepNpmLockfile({ depth: 1_250, requirements: 400, installed: false }),
    },
    { name: "ordinary 59 MB (155,000 packages)", text: ordinaryNpmLockfile(155_000) },
  ];
  for (const lockfile of lockfiles) {
    const project = join(root, `lock-${lockfiles.indexOf(lockfile)}`);
    await mkdir(project);
    await writeFile(join(project, "package-lock.json"), lockfile.text);
    const size = `${(lockfile.text.length / 1024).toFixed(0)} KB`;
    const parsed = await measure(`baseline: JSON.parse, ${lockfile.name}`, async () => {
      const packages = Object.keys(
        JSON.parse(await readFile(join(project, "package-lock.json"), "utf8")).packages,
      );
      return `${size}, ${packages.length} keys`;
    });
    await measure(`dependencies, ${lockfile.name}`, () => structureOf(project, "dependencies"), parsed);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

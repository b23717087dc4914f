/**
 * Measures the project-structure walk on a generated 100,000-file tree against a bare recursive
 * `fs.readdir` of the same tree in the same run: wall time, heap growth and the longest event-loop stall.
 * Run with `npm run bench -w @parley/engine`.
 */
import type { Dirent } from "node:fs";
import { lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { generateProjectStructure } from "../src/project-structure/generate-project-structure.ts";

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

async function bareReaddir(folder: string): Promise<number> {
  const entries: Dirent[] = await readdir(folder, { withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    count++;
    if (entry.isDirectory()) count += await bareReaddir(join(folder, entry.name));
  }
  return count;
}

async function readdirAndStat(folder: string): Promise<number> {
  const entries: Dirent[] = await readdir(folder, { withFileTypes: true });
  let count = entries.length;
  await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => lstat(join(folder, entry.name))),
  );
  for (const entry of entries)
    if (entry.isDirectory()) count += await readdirAndStat(join(folder, entry.name));
  return count;
}

async function measure(label: string, work: () => Promise<string>): Promise<void> {
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
  const elapsed = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `${label.padEnd(44)} ${elapsed.toFixed(0).padStart(6)} ms   heap +${mb(heapPeak - heapBefore).padStart(9)}   ` +
      `longest event-loop stall ${(delay.max / 1e6).toFixed(1)} ms   ${detail}`,
  );
}

const root = await mkdtemp(join(tmpdir(), "parley-structure-bench-"));
try {
  const created = await createTree(root);
  console.log(`Generated ${created} files in ${FOLDERS * SUBFOLDERS} folders (pkg-99/ is gitignored)\n`);
  await measure("baseline: bare recursive fs.readdir", async () => `${await bareReaddir(root)} entries`);
  await measure(
    "baseline: recursive fs.readdir + lstat per file",
    async () => `${await readdirAndStat(root)} entries`,
  );
  await measure("tree, default limits (20,000 entries)", async () => {
    const structure = await generateProjectStructure({ root, type: "tree" });
    return `truncated=${structure.truncated === true}`;
  });
  await measure("tree, whole project (limit 200,000)", async () => {
    const structure = await generateProjectStructure({ root, type: "tree", maxEntries: 200_000 });
    return `truncated=${structure.truncated === true}`;
  });
  await measure("file_list, whole project, alphabetical", async () => {
    const structure = await generateProjectStructure({ root, type: "file_list", maxEntries: 200_000 });
    return `${(structure.content as unknown[]).length} files`;
  });
  await measure("dependencies (walk for manifests)", async () => {
    const structure = await generateProjectStructure({ root, type: "dependencies", maxEntries: 200_000 });
    return `${(structure.content as { manifests: unknown[] }).manifests.length} manifests`;
  });
} finally {
  await rm(root, { recursive: true, force: true });
}

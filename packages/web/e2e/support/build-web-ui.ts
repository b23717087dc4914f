import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** packages/web, whose `dist/` the server under test serves. */
export const webPackageDirectory = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The production build the browser tests load (`vite build` output). */
export const webDistDirectory = join(webPackageDirectory, "dist");

/**
 * Vitest global setup: builds the web UI once per run when `dist/` is missing or older than anything it is
 * built from (the UI's sources and the react, sdk and protocol packages it bundles), so the browser tests always
 * exercise the current code, in the same production bundle `parley serve` sends.
 */
export default function buildWebUi(): void {
  const index = join(webDistDirectory, "index.html");
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = [
    join(webPackageDirectory, "src"),
    join(webPackageDirectory, "index.html"),
    join(webPackageDirectory, "public"),
    join(webPackageDirectory, "vite.config.ts"),
    join(webPackageDirectory, "..", "react", "src"),
    join(webPackageDirectory, "..", "sdk", "src"),
    join(webPackageDirectory, "..", "protocol", "src"),
  ];
  if (builtAt > 0 && newestModification(sources) <= builtAt) return;
  process.stderr.write("Building the web UI for the browser tests…\n");
  const build = spawnSync("npm", ["run", "build"], {
    cwd: webPackageDirectory,
    // Vitest sets NODE_ENV=test, and Vite would keep it: React's development build (StrictMode's doubled
    // effects, dev-only warnings) would then be what the tests run against instead of what users get.
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (build.status !== 0 || !existsSync(index)) {
    throw new Error(`\`npm run build -w @parley/web\` failed:\n${build.stdout}\n${build.stderr}`);
  }
}

function newestModification(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestModification(readdirSync(path).map((name) => join(path, name))));
    }
  }
  return newest;
}

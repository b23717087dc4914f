import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The built web UI to serve, building it first when `dist/` is missing or older than its sources (a fresh
 * clone, or after editing the UI). Build output goes to stderr so stdout stays the server's own. Returns
 * undefined (the API is still served) when the UI cannot be built.
 */
export function ensureWebUi(log: (line: string) => void): string | undefined {
  const packageDirectory = dirname(createRequire(import.meta.url).resolve("@parley/web/package.json"));
  const dist = join(packageDirectory, "dist");
  const index = join(dist, "index.html");
  const sources = [
    join(packageDirectory, "src"),
    join(packageDirectory, "index.html"),
    join(packageDirectory, "public"),
    // The chat's hooks and cards, which the UI bundles from the React package next to it.
    join(packageDirectory, "..", "react", "src"),
  ];
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (builtAt > 0 && newestModification(sources) <= builtAt) return dist;
  log(builtAt === 0 ? "Building the web UI (first start)…" : "The web UI changed; rebuilding…");
  const build = spawnSync("npm", ["run", "build"], {
    cwd: packageDirectory,
    // A caller's NODE_ENV=test or development would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (build.status !== 0 || !existsSync(index)) {
    log("The web UI could not be built (see above); serving the API only.");
    return undefined;
  }
  return dist;
}

/** Runs on every `parley serve`: one stat per path (a missing one counts as old). */
function newestModification(paths: readonly string[]): number {
  let newest = 0;
  for (const path of paths) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) continue;
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestModification(readdirSync(path).map((name) => join(path, name))));
    }
  }
  return newest;
}

import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import type { Hono } from "hono";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

/**
 * Serves the built web UI from `root` (Vite's `dist`): files under `/assets/` carry content hashes and are
 * cached for a year; everything else is revalidated. Any other GET that is not an API or auth route gets
 * `index.html`, so the UI's client-side routes survive a reload. Paths never leave `root`.
 */
export function serveWebUi(app: Hono, root: string): void {
  const index = join(root, "index.html");
  app.get("*", (context, next) => {
    const path = context.req.path;
    if (path.startsWith("/api/") || path === "/api" || path.startsWith("/auth/")) return next();
    const file = fileFor(root, path);
    if (file !== undefined) {
      const immutable = path.startsWith("/assets/");
      return context.body(readFileSync(file), 200, {
        "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    }
    if (extname(path) !== "" || !existsSync(index)) return next();
    return context.body(readFileSync(index), 200, {
      "content-type": CONTENT_TYPES[".html"] as string,
      "cache-control": "no-cache",
    });
  });
}

function fileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  if (!existsSync(candidate) || !statSync(candidate).isFile()) return undefined;
  return candidate;
}

/**
 * The entry module of the project-structure worker, next to this file. From the TypeScript sources (tsx,
 * Vitest) this module is a `.ts` file and so is the worker's. For an ahead-of-time bundle, make
 * `project-structure-worker.ts` an entry point of its own that lands next to the bundle holding this module,
 * as `project-structure-worker.js` (esbuild: `entryPoints: { "project-structure-worker": "…/project-structure-
 * worker.ts", … }`, ESM output, one `outdir`); this module then ends in `.js` and points at it, with nothing to
 * rewrite. Do not inline the worker into the main bundle: it must load as a module of its own.
 */
export function projectStructureWorkerUrl(): URL {
  const fromSources = import.meta.url.endsWith(".ts");
  return new URL(
    fromSources ? "./project-structure-worker.ts" : "./project-structure-worker.js",
    import.meta.url,
  );
}

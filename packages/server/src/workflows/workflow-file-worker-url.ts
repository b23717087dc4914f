/**
 * The entry module of the workflow-file worker, next to this file: a `.ts` module from the TypeScript sources
 * (tsx, Vitest), and in the CLI's bundle `workflow-file-worker.js`, an entry point of its own in the same
 * folder as the chunk holding this module (packages/cli/build/build-bundle.mjs).
 */
export function workflowFileWorkerUrl(): URL {
  const fromSources = import.meta.url.endsWith(".ts");
  return new URL(fromSources ? "./workflow-file-worker.ts" : "./workflow-file-worker.js", import.meta.url);
}

#!/usr/bin/env node
// The `parley` command. It runs Parley's ahead-of-time bundle (packages/cli/dist), built at install and
// rebuilt here, before anything else runs, whenever one of Parley's sources changed since: no start compiles
// TypeScript, and a test or a person never runs code older than the sources.
import module from "node:module";
import { pathToFileURL } from "node:url";
import { freshBundleEntry } from "../build/bundle-manifest.mjs";

// Node 22.1 and later keep V8's compiled code between starts (on disk, checked against each chunk's
// contents), which saves most of the time a start spends compiling the bundle; Node 20 has no such cache.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();

const entry =
  freshBundleEntry() ??
  (await import("../build/build-bundle.mjs")).ensureBundle({
    log: (line) => process.stderr.isTTY && process.stderr.write(`${line}\n`),
  });
const { main, processIo } = await import(pathToFileURL(await entry).href);
process.exitCode = await main(process.argv.slice(2), processIo());

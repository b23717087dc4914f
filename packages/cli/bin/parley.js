#!/usr/bin/env node
// The `parley` command. Parley's packages ship TypeScript sources, so tsx compiles them on the fly.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

// Parley's own compiler settings (JSX for the terminal UI), never those of the project it runs in.
register({ tsconfig: fileURLToPath(new URL("../tsconfig.runtime.json", import.meta.url)) });
const { main, processIo } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2), processIo());

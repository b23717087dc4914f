#!/usr/bin/env node
// The `parley` command. Parley's packages ship TypeScript sources, so tsx compiles them on the fly.
import { register } from "tsx/esm/api";

register();
const { main, processIo } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2), processIo());

import { afterAll } from "vitest";
import { stopTestCluster } from "./test-database.ts";

// Each test file's PostgreSQL cluster stops with the file: a worker reused for the next file, or ended
// without an `exit` event, would otherwise leave its server running.
afterAll(() => stopTestCluster());

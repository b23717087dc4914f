/**
 * Runs a real Parley server as its own process, for tests that must kill it (`kill -9`) or watch what it
 * prints. It writes one JSON line to stdout once listening, `{"url", "port", "pid", "tokenFile"}`, and
 * stops cleanly on SIGTERM/SIGINT. The token itself is never printed: a client reads it from `tokenFile`
 * (mode 0600), as local tools do, so a test can check that the server's own output never contains it.
 *
 *   node --import tsx packages/server/test/support/server-process.ts --project DIR --home DIR [--port 0]
 *     [--host 127.0.0.1] [--allowed-host NAME]... [--heartbeat-ms 15000]
 *
 * The model comes from the environment (PARLEY_MODEL, ANTHROPIC_BASE_URL…); PARLEY_TOKEN fixes the token.
 */
import { parseArgs } from "node:util";
import { startParleyServer } from "../../src/index.ts";

const { values } = parseArgs({
  options: {
    project: { type: "string" },
    home: { type: "string" },
    port: { type: "string", default: "0" },
    host: { type: "string" },
    "allowed-host": { type: "string", multiple: true },
    "heartbeat-ms": { type: "string" },
  },
});

if (values.project === undefined || values.home === undefined) {
  process.stderr.write("server-process: --project and --home are required\n");
  process.exit(2);
}

try {
  const server = await startParleyServer({
    projectRoot: values.project,
    home: values.home,
    port: Number(values.port),
    ...(values.host !== undefined && { host: values.host }),
    ...(values["allowed-host"] !== undefined && { allowedHosts: values["allowed-host"] }),
    ...(process.env.PARLEY_TOKEN !== undefined && { token: process.env.PARLEY_TOKEN }),
    ...(values["heartbeat-ms"] !== undefined && { sse: { heartbeatMs: Number(values["heartbeat-ms"]) } }),
  });
  const address = { url: server.url, port: server.port, pid: process.pid, tokenFile: server.tokenFile };
  process.stdout.write(`${JSON.stringify(address)}\n`);
  const stop = (): void => {
    server.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  process.stderr.write(`server-process: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/**
 * Starts a fake model server for another process to script over its control endpoints.
 *
 *   tsx packages/testkit/src/bin/fake-model-server.ts [--port 0] [--model fake-model]… [--script script.json]
 *
 * Prints one JSON line (`{"url", "anthropicBaseUrl", "openaiBaseUrl"}`) once listening; stops on SIGINT/SIGTERM.
 * `--script` takes a file with the body of `POST /__testkit/script` (`{"responses": [...], "rules": [...]}`).
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { decodeWith, parseJson } from "@parley/protocol";
import { ControlScriptBodySchema } from "../control-schema.ts";
import { startFakeModelServer } from "../fake-model-server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "0" },
    model: { type: "string", multiple: true },
    script: { type: "string" },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`fake-model-server: --port must be an integer from 0 to 65535, got ${values.port}\n`);
  process.exit(2);
}

const server = await startFakeModelServer({ port, ...(values.model && { models: values.model }) });

if (values.script) {
  const text = await readFile(values.script, "utf8");
  const parsed = parseJson(text);
  const decoded = parsed.success ? decodeWith(ControlScriptBodySchema, parsed.value) : parsed;
  if (!decoded.success) {
    process.stderr.write(`fake-model-server: ${values.script}: ${decoded.error.message}\n`);
    await server.close();
    process.exit(2);
  }
  server.script(...(decoded.value.responses ?? []));
  for (const rule of decoded.value.rules ?? []) server.addRule(rule);
}

process.stdout.write(
  `${JSON.stringify({ url: server.url, anthropicBaseUrl: server.anthropicBaseUrl, openaiBaseUrl: server.openaiBaseUrl })}\n`,
);

const stop = (): void => {
  server.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

/**
 * The worker side of the PostgreSQL bridge, as source text (an `eval` worker needs no file of its own in
 * the CLI's bundle). It holds one `pg` connection and answers one request at a time: the main thread is
 * waiting on `signal` (Atomics.wait), so a reply is posted first and the signal raised after it.
 *
 * Statements of a batch are pipelined (pg's `pipeline` mode): written together, answered in order.
 *
 * The connection opens on the first request and again after it was lost (PostgreSQL restarted, the
 * network dropped), but only for a request marked `fresh`, one that begins a unit of work: a statement
 * inside a transaction whose connection was lost fails instead of running outside that transaction.
 */
export const BRIDGE_WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { port, signal, pgPath, url, instance } = workerData;
const pg = require(pgPath);
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));
let client;
let ready;
let lost = true;
function open() {
  // Pipelined: a batch's statements are written at once and answered in order, one round trip for all.
  const opened = new pg.Client({ connectionString: url, pipeline: true });
  const markLost = () => {
    if (client === opened) lost = true;
  };
  opened.on("error", markLost);
  opened.on("end", markLost);
  client = opened;
  lost = false;
  // Rows this connection inserts into \`runs\` name this server as their owner (the column's default).
  ready = opened
    .connect()
    .then(() => opened.query("SELECT set_config('parley.instance', $1, false)", [instance ?? ""]));
  ready.catch(markLost);
}
function reply(message) {
  port.postMessage(message);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}
port.on("message", async (request) => {
  try {
    if (request.type === "close") {
      if (client !== undefined && !lost) await client.end().catch(() => {});
      reply({ rows: [], rowCount: 0 });
      port.close();
      return;
    }
    if (lost) {
      if (!request.fresh) {
        const error = new Error("the connection to PostgreSQL was lost in the middle of a transaction");
        error.code = "08006";
        throw error;
      }
      if (client !== undefined) client.end().catch(() => {});
      open();
    }
    await ready;
    if (request.type === "batch") {
      // A batch is one transaction's statements: after a failed one, the rest fail too (the transaction is
      // aborted) or end it; the first error is the one reported.
      const settled = await Promise.allSettled(
        request.queries.map((query) =>
          client.query(query.params === undefined ? query.sql : { text: query.sql, values: query.params }),
        ),
      );
      const failed = settled.find((outcome) => outcome.status === "rejected");
      if (failed !== undefined) throw failed.reason;
      reply({ results: settled.map(({ value }) => ({ rows: value.rows ?? [], rowCount: value.rowCount ?? 0 })) });
      return;
    }
    const result = await client.query(
      request.params === undefined ? request.sql : { text: request.sql, values: request.params, rowMode: request.rowMode },
    );
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    reply({ rows: last.rows ?? [], rowCount: last.rowCount ?? 0 });
  } catch (error) {
    reply({ error: { message: error.message, code: error.code } });
  }
});
`;

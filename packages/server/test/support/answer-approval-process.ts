/**
 * A second program answering an approval, for the exactly-once test: opens the store at argv[2], says
 * "ready", answers approval argv[3] when a line arrives on stdin, and prints whether its answer won.
 *
 *   node --import tsx packages/server/test/support/answer-approval-process.ts LOCATION APPROVAL_ID
 */
import { createInterface } from "node:readline";
import { Store } from "../../src/store/store.ts";

const [location, approvalId] = process.argv.slice(2) as [string, string];
const store = new Store(location);
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const _line of lines) {
  const won = store.transaction(() =>
    store.approvals.answer(approvalId, {
      decision: "approve",
      feedback: `from ${process.pid}`,
      updatedInput: null,
      answeredAtMs: Date.now(),
    }),
  );
  process.stdout.write(`${JSON.stringify({ won })}\n`);
  break;
}
store.close();

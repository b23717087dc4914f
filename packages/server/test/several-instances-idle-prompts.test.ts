import { reply } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IDLE_PROMPT_MARKER } from "../src/missions/idle-prompt.ts";
import { IdleScheduler } from "../src/missions/idle-scheduler.ts";
import { startChat } from "./support/interactions.ts";
import { ManualClock } from "./support/manual-clock.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { type ServersOnOneDatabase, startServersOnOneDatabase } from "./support/servers-on-one-database.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the several-instances idle prompt test: ${missing}`);

const IDLE_MS = 10 * 60_000;

describe.skipIf(missing !== undefined)("idle prompts with two servers on one database", () => {
  let cluster: ServersOnOneDatabase | undefined;
  const schedulers: IdleScheduler[] = [];
  afterEach(async () => {
    for (const scheduler of schedulers.splice(0)) scheduler.stop();
    await cluster?.close();
    cluster = undefined;
  });

  it("an idle agent gets its prompt from one server only, though both had it pending", async () => {
    cluster = await startServersOnOneDatabase(2);
    const [a, b] = cluster.servers as [
      ServersOnOneDatabase["servers"][0],
      ServersOnOneDatabase["servers"][0],
    ];
    const { fake } = cluster;
    const clocks = [new ManualClock(), new ManualClock()];
    const settings = { enabled: true, idleAfterMs: IDLE_MS, maxTurnsPerMission: 3 };
    for (const [index, server] of [a, b].entries()) {
      schedulers.push(new IdleScheduler(server.server.context, settings, clocks[index]));
    }
    const onA = await a.events({ after: 0 });
    (schedulers[0] as IdleScheduler).start();
    await a.json("POST", "/api/mission", { text: "Make every test pass." });
    fake.script(
      reply().text("Hello."),
      reply().text("Fixing ").gate("idle").text("the tests."),
      reply().text("A second idle prompt, which must not come."),
    );
    const chat = await startChat(a, { text: "Hi" });
    await waitForOutcome(onA, chat.run_id);
    const key = `${chat.session_id}/main`;
    // B starts (or has idle prompts switched on) while the agent is idle: both now wait to prompt it.
    (schedulers[1] as IdleScheduler).start();
    expect(schedulers.map((scheduler) => scheduler.pending)).toEqual([[key], [key]]);

    clocks[0]?.advance(IDLE_MS);
    clocks[1]?.advance(IDLE_MS);
    await fake.waitForGate("idle");
    fake.release("idle");
    const runs = () => a.server.context.store.runs.listBySession(chat.session_id);
    const idleRun = runs().at(-1);
    expect(idleRun?.prompt.startsWith(IDLE_PROMPT_MARKER)).toBe(true);
    await waitForOutcome(onA, idleRun?.id as string);
    const head = Math.max(a.server.context.store.events.refreshHead(), b.server.context.store.events.head);
    await onA.waitFor(() => onA.lastSeq === head);

    expect(eventsOfType(onA.frames, "IdlePromptTriggered")).toHaveLength(1);
    expect(runs()).toHaveLength(2);
    expect(a.server.context.store.queue.waiting(chat.session_id, "main")).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    await onA.close();
  }, 30_000);
});

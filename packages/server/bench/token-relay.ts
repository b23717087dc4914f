/**
 * The token-relay half of the SSE bench: a fake model (this process) streams tokens, the server under bench
 * relays them, and an SSE client (this process, one clock) waits for each. Both sides relay one token at a
 * time, as a real model streams: Parley commits each to its log before sending it.
 */
import {
  DEFAULT_RELAY_PLAN,
  type FakeModelServer,
  measureTokenRelay,
  type RelayMeasurements,
} from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import type { Child } from "./child.ts";

export type { RelayMeasurements } from "@parley/testkit";
/** Tokens released one at a time, each timed from the gate's release to its arrival at the client. */
export const LATENCY_SAMPLES = DEFAULT_RELAY_PLAN.samples;
/** Tokens in one streamed answer, sent by the model without pauses. */
export const ANSWER_TOKENS = DEFAULT_RELAY_PLAN.answerTokens;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
type Ready = Extract<BenchServerReply, { type: "ready" }>;

/**
 * Measures the relay of a bench server child (Parley or the raw relay), its CPU read over IPC. The timed
 * client listens on `listener` (another server sharing the database) when given, else on the same server.
 */
export function measureRelay(
  fake: FakeModelServer,
  server: ServerChild,
  ready: Ready,
  listener: Ready = ready,
): Promise<RelayMeasurements> {
  const headersOf = (of: Ready): Record<string, string> =>
    of.token ? { authorization: `Bearer ${of.token}` } : {};
  const headers = headersOf(ready);
  return measureTokenRelay(fake, {
    eventsUrl: `${listener.url}${listener.eventsPath}`,
    headers: headersOf(listener),
    async startTurn(text) {
      await fetch(`${ready.url}${ready.chatPath}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ text }),
      });
    },
    async cpuMs() {
      server.send({ type: "stats", gc: false });
      return (await server.next("stats")).cpuMs;
    },
  });
}

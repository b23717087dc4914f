/**
 * The token-relay half of the SSE bench: a fake model (this process) streams tokens, the server under bench
 * relays them, and an SSE client (this process, one clock) waits for each. Both sides relay one token at a
 * time, as a real model streams: Parley commits each to its log before sending it.
 */
import { type FakeModelServer, reply } from "@parley/testkit";
import type { BenchServerCommand, BenchServerReply } from "./bench-server.ts";
import type { Child } from "./child.ts";
import { MarkerStream } from "./marker-stream.ts";

const LATENCY_WARMUP = 20;
/** Tokens released one at a time, each timed from the gate's release to its arrival at the client. */
export const LATENCY_SAMPLES = 300;
/** Tokens in one streamed answer, sent by the model without pauses. */
export const ANSWER_TOKENS = 400;
const ANSWER_REPEATS = 5;

type ServerChild = Child<BenchServerCommand, BenchServerReply>;
type Ready = Extract<BenchServerReply, { type: "ready" }>;

/** What relaying tokens costs: latency percentiles and the server's CPU time per token and per answer. */
export interface RelayMeasurements {
  latency: { p50: number; p99: number };
  cpuMsPerGatedToken: number;
  cpuMsPerAnswer: number;
}

const headersOf = (ready: Ready): Record<string, string> =>
  ready.token ? { authorization: `Bearer ${ready.token}` } : {};

async function cpuMs(server: ServerChild): Promise<number> {
  server.send({ type: "stats", gc: false });
  return (await server.next("stats")).cpuMs;
}

async function startTurn(ready: Ready): Promise<void> {
  await fetch(`${ready.url}${ready.chatPath}`, {
    method: "POST",
    headers: { ...headersOf(ready), "content-type": "application/json" },
    body: JSON.stringify({ text: "Count for me" }),
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Releases one gated token at a time and times its arrival; then streams whole answers and takes their CPU. */
export async function measureRelay(
  fake: FakeModelServer,
  server: ServerChild,
  ready: Ready,
): Promise<RelayMeasurements> {
  const stream = await MarkerStream.open(`${ready.url}${ready.eventsPath}`, headersOf(ready));
  try {
    const total = LATENCY_WARMUP + LATENCY_SAMPLES;
    const script = reply();
    for (let index = 0; index < total; index++) script.gate(`g${index}`).text(`⟦${index}⟧`);
    fake.script(script);
    await startTurn(ready);
    const samples: number[] = [];
    let cpuBefore = 0;
    for (let index = 0; index < total; index++) {
      await fake.waitForGate(`g${index}`);
      if (index === LATENCY_WARMUP) cpuBefore = await cpuMs(server);
      const arrived = stream.arrival(`⟦${index}⟧`);
      const start = performance.now();
      fake.release(`g${index}`);
      await arrived;
      if (index >= LATENCY_WARMUP) samples.push(performance.now() - start);
    }
    const cpuMsPerGatedToken = ((await cpuMs(server)) - cpuBefore) / LATENCY_SAMPLES;
    samples.sort((a, b) => a - b);
    const percentile = (p: number) =>
      samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0;

    const answers: number[] = [];
    for (let repeat = 0; repeat < ANSWER_REPEATS; repeat++) {
      const answer = reply();
      for (let index = 0; index < ANSWER_TOKENS; index++) answer.text(` w${index}`);
      answer.text(`⟦end${repeat}⟧`);
      fake.script(answer);
      const before = await cpuMs(server);
      const ended = stream.arrival(`⟦end${repeat}⟧`);
      await startTurn(ready);
      await ended;
      answers.push((await cpuMs(server)) - before);
    }
    return {
      latency: { p50: percentile(0.5), p99: percentile(0.99) },
      cpuMsPerGatedToken,
      cpuMsPerAnswer: median(answers),
    };
  } finally {
    await stream.close();
  }
}

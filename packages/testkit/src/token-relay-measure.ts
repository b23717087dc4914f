import type { FakeModelServer } from "./fake-model-server.ts";
import { MarkerStream } from "./marker-stream.ts";
import { median } from "./median.ts";
import { reply } from "./script-builder.ts";

/** A server under a relay bench: where its event stream is, how a turn starts, and its CPU time so far. */
export interface RelayTarget {
  eventsUrl: string;
  headers: Record<string, string>;
  /** Sends a user message that makes the server ask the fake model for the next scripted reply. */
  startTurn(text: string): Promise<void>;
  /** The server process's CPU time (user + system) so far, in milliseconds. */
  cpuMs(): Promise<number>;
}

/** What relaying tokens costs: latency percentiles and the server's CPU time per token and per answer. */
export interface RelayMeasurements {
  latency: { p50: number; p99: number };
  cpuMsPerGatedToken: number;
  cpuMsPerAnswer: number;
}

/**
 * How much to measure: whole answers streamed first and not measured (a server that has run a few turns has
 * its code compiled; without them a fresh server's first gated tokens run cold code and the two benches that
 * share this measurement disagreed by 2×), tokens timed one at a time (after a warm-up), and the whole
 * answers' length.
 */
export interface RelayPlan {
  warmupAnswers: number;
  warmup: number;
  samples: number;
  answerTokens: number;
  answerRepeats: number;
}

export const DEFAULT_RELAY_PLAN: RelayPlan = {
  warmupAnswers: 2,
  warmup: 20,
  samples: 300,
  answerTokens: 400,
  answerRepeats: 5,
};

/**
 * Releases one gated token at a time and times its arrival at an SSE client of this process (one clock with
 * the fake model), then streams whole answers without pauses and takes the server's CPU time for each.
 */
export async function measureTokenRelay(
  fake: FakeModelServer,
  target: RelayTarget,
  plan: RelayPlan = DEFAULT_RELAY_PLAN,
): Promise<RelayMeasurements> {
  const stream = await MarkerStream.open(target.eventsUrl, target.headers);
  const streamAnswer = async (marker: string, text: string): Promise<void> => {
    const answer = reply();
    for (let index = 0; index < plan.answerTokens; index++) answer.text(` w${index}`);
    answer.text(marker);
    fake.script(answer);
    const ended = stream.arrival(marker);
    await target.startTurn(text);
    await ended;
  };
  try {
    for (let repeat = 0; repeat < plan.warmupAnswers; repeat++)
      await streamAnswer(`⟦warm${repeat}⟧`, "Warm up");
    const total = plan.warmup + plan.samples;
    const script = reply();
    for (let index = 0; index < total; index++) script.gate(`g${index}`).text(`⟦${index}⟧`);
    fake.script(script);
    await target.startTurn("Count for me");
    const samples: number[] = [];
    let cpuBefore = 0;
    for (let index = 0; index < total; index++) {
      await fake.waitForGate(`g${index}`);
      if (index === plan.warmup) cpuBefore = await target.cpuMs();
      const arrived = stream.arrival(`⟦${index}⟧`);
      const start = performance.now();
      fake.release(`g${index}`);
      await arrived;
      if (index >= plan.warmup) samples.push(performance.now() - start);
    }
    const cpuMsPerGatedToken = ((await target.cpuMs()) - cpuBefore) / plan.samples;
    samples.sort((a, b) => a - b);
    const percentile = (p: number) =>
      samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0;

    const answers: number[] = [];
    for (let repeat = 0; repeat < plan.answerRepeats; repeat++) {
      const before = await target.cpuMs();
      await streamAnswer(`⟦end${repeat}⟧`, "Count again");
      answers.push((await target.cpuMs()) - before);
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

import { reply } from "@parley/testkit";
import type { CDPSession, Page } from "playwright-core";
import type { E2eServer } from "../e2e/support/e2e-server.ts";
import { appendForAFrame, type ShownText, whenShown } from "./in-page.ts";

/** Main-thread time the renderer spent, per token, by kind (Chrome DevTools Protocol `Performance` metrics). */
export interface TokenCost {
  tokens: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  wallMs: number;
  /** Task time per token over the first and the second half of the answer: growth means cost per length. */
  halvesTaskMs: [number, number];
}

/** Token `index` (1-based) of the long answer: a word, bold now and then, a new paragraph every 50 words. */
export function answerToken(index: number): string {
  const word = index % 25 === 0 ? `**w${index}**` : `w${index}`;
  return index % 50 === 0 ? `${word}.\n\n` : `${word} `;
}

const METRICS = {
  taskMs: "TaskDuration",
  scriptMs: "ScriptDuration",
  layoutMs: "LayoutDuration",
  styleMs: "RecalcStyleDuration",
};

async function readMetrics(cdp: CDPSession): Promise<Record<keyof typeof METRICS, number>> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    taskMs: value(METRICS.taskMs),
    scriptMs: value(METRICS.scriptMs),
    layoutMs: value(METRICS.layoutMs),
    styleMs: value(METRICS.styleMs),
  };
}

/**
 * Feeds `tokens` tokens to the page one at a time, each only after the page shows the previous one (so
 * every token is its own render, the worst case for a streaming UI), and returns the main-thread time per
 * token. `deliver(i)` makes token i arrive; `shown(i)` says what the page shows once it has.
 */
async function paced(
  page: Page,
  tokens: number,
  deliver: (index: number) => Promise<void>,
  shown: (index: number) => ShownText,
): Promise<TokenCost> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await deliver(1);
  await page.evaluate(whenShown, shown(1));
  const before = await readMetrics(cdp);
  const startedAt = performance.now();
  const middle = Math.floor(tokens / 2);
  let atMiddle = before;
  for (let index = 2; index <= tokens; index += 1) {
    await deliver(index);
    await page.evaluate(whenShown, shown(index));
    if (index === middle) atMiddle = await readMetrics(cdp);
  }
  const wallMs = performance.now() - startedAt;
  const after = await readMetrics(cdp);
  await cdp.detach();
  const per = (key: keyof typeof METRICS) => (after[key] - before[key]) / (tokens - 1);
  return {
    tokens,
    taskMs: per("taskMs"),
    scriptMs: per("scriptMs"),
    layoutMs: per("layoutMs"),
    styleMs: per("styleMs"),
    wallMs,
    halvesTaskMs: [
      (atMiddle.taskMs - before.taskMs) / (middle - 1),
      (after.taskMs - atMiddle.taskMs) / (tokens - middle),
    ],
  };
}

/** Parley: the scripted model sends one token per gate release, through the server, the SSE stream and the UI. */
export async function parleyTokenCost(page: Page, server: E2eServer, tokens: number): Promise<TokenCost> {
  const answer = reply();
  for (let index = 1; index <= tokens; index += 1) answer.gate("tick").text(answerToken(index));
  server.fake.script(answer);
  await page.getByTestId("composer").fill("Write a long answer, please.");
  await page.getByTestId("composer").press("Enter");
  const cost = await paced(
    page,
    tokens,
    async (_index) => server.fake.release("tick"),
    // The page's only agent turn; its last token also ends the stream, so the segment may be final by then.
    (index) => ({ selector: "[data-testid=segment]", text: `w${index}` }),
  );
  await page.locator("[data-testid=message][data-role=agent][data-phase=done]").waitFor();
  return cost;
}

/** Baseline: the same tokens appended as text to a bare `<pre>`, one per render, driven the same way. */
export async function bareTokenCost(page: Page, tokens: number): Promise<TokenCost> {
  return paced(
    page,
    tokens,
    async (index) => {
      await page.evaluate((text) => document.getElementById("out")?.append(text), answerToken(index));
    },
    (index) => ({ selector: "#out", text: `w${index}` }),
  );
}

/**
 * Baseline as a reader sees it: the same tokens appended to paragraphs on screen (`bareOnScreenPage`), each
 * painted in a frame of its own as Parley's are. `bareTokenCost`'s `<pre>` is off screen, and two appends
 * often share a frame there (nothing waits for one), so it pays for about half a frame a token.
 */
export async function bareOnScreenTokenCost(page: Page, tokens: number): Promise<TokenCost> {
  return paced(
    page,
    tokens,
    async (index) => {
      await page.evaluate(appendForAFrame, answerToken(index));
    },
    (index) => ({ selector: "#out", text: `w${index}` }),
  );
}

/**
 * Measures Parley's web UI in Debian's Chromium: time to first paint and scroll frame rate of a
 * 5,000-message session, and main-thread time per streamed token of a long answer, each next to a baseline
 * measured in the same run. Not a test: the numbers depend on the machine, so none is asserted.
 *
 *   npm run bench -w @parley/web     (PARLEY_BENCH_MESSAGES, PARLEY_BENCH_TOKENS change the sizes)
 */
import type { BrowserContext, Page } from "playwright-core";
import buildWebUi from "../e2e/support/build-web-ui.ts";
import { launchChromium } from "../e2e/support/chromium.ts";
import { type E2eServer, startE2eServer } from "../e2e/support/e2e-server.ts";
import {
  bareOnScreenPage,
  barePage,
  paintTimings,
  type ScrollPass,
  scrollPass,
  watchFirstAppearance,
} from "./in-page.ts";
import { formatTable, median } from "./report-table.ts";
import { SEEDED_FIRST_QUESTION, seededTexts, seedSession } from "./seed-session.ts";
import { bareOnScreenTokenCost, bareTokenCost, parleyTokenCost, type TokenCost } from "./stream-cost.ts";

const MESSAGES = Number(process.env.PARLEY_BENCH_MESSAGES ?? 5_000);
const TOKENS = Number(process.env.PARLEY_BENCH_TOKENS ?? 2_000);
const LOADS = 3;
const STEP_PX = 600;
const MESSAGE_ROW = "[data-testid=message]";
const EMPTY_STATE = "[data-testid=chat-empty]";

/** Opens `path` in a fresh tab, waits for `selector`, and returns the tab's paint timings. */
async function load(context: BrowserContext, url: string, selector: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(selector).first().waitFor();
  const timings = await page.evaluate(paintTimings, selector);
  await page.close();
  return timings;
}

async function scrollBothWays(page: Page, selector: string, rowSelector: string, topText?: string) {
  const base = { selector, rowSelector, stepPx: STEP_PX, maxFrames: 30_000 };
  const up = await page.evaluate(scrollPass, {
    ...base,
    direction: "up" as const,
    ...(topText && { topText }),
  });
  const down = await page.evaluate(scrollPass, { ...base, direction: "down" as const });
  return { up, down };
}

async function measure(server: E2eServer, context: BrowserContext) {
  const signIn = await context.newPage();
  await signIn.goto(server.loginUrl());
  await signIn.locator("[data-testid=connection-indicator][data-status=connected]").waitFor();
  await signIn.close();
  const seededAt = performance.now();
  const sessionId = await seedSession(server, MESSAGES);
  process.stderr.write(`seeded ${MESSAGES} messages in ${Math.round(performance.now() - seededAt)} ms\n`);

  const empty: { firstContentfulPaintMs: number; shownMs: number }[] = [];
  const long: { firstContentfulPaintMs: number; shownMs: number }[] = [];
  for (let round = 0; round < LOADS; round += 1) {
    empty.push(await load(context, `${server.url}/`, EMPTY_STATE));
    long.push(await load(context, `${server.url}/sessions/${sessionId}`, MESSAGE_ROW));
  }

  const chat = await context.newPage();
  await chat.goto(`${server.url}/sessions/${sessionId}`);
  await chat.locator(MESSAGE_ROW).first().waitFor();
  process.stderr.write("scrolling the session…\n");
  const parleyScroll = await scrollBothWays(
    chat,
    "[data-testid=message-list]",
    "[data-index]",
    SEEDED_FIRST_QUESTION,
  );
  await chat.close();

  const bare = await context.newPage();
  await bare.setContent(barePage(seededTexts(MESSAGES)));
  await bare.evaluate(() => {
    const list = document.getElementById("list") as HTMLElement;
    list.scrollTop = list.scrollHeight;
  });
  const bareScroll = await scrollBothWays(bare, "#list", "p");

  process.stderr.write(`streaming ${TOKENS} tokens, one per render…\n`);
  const stream = await context.newPage();
  await stream.goto(`${server.url}/`);
  await stream.locator(EMPTY_STATE).waitFor();
  const parleyTokens = await parleyTokenCost(stream, server, TOKENS);
  await stream.close();
  await bare.setContent(barePage([]));
  const bareTokens = await bareTokenCost(bare, TOKENS);
  await bare.setContent(bareOnScreenPage());
  const onScreenTokens = await bareOnScreenTokenCost(bare, TOKENS);
  await bare.close();
  return { empty, long, parleyScroll, bareScroll, parleyTokens, bareTokens, onScreenTokens };
}

function scrollRows(label: string, parley: ScrollPass, bare: ScrollPass): string[][] {
  const fps = (pass: ScrollPass) => (pass.frames / pass.durationMs) * 1000;
  const percentile = (pass: ScrollPass, p: number) =>
    pass.intervalsMs[Math.min(pass.intervalsMs.length - 1, Math.floor(pass.intervalsMs.length * p))] ??
    Number.NaN;
  const both = (value: (pass: ScrollPass) => string) => [value(parley), value(bare)];
  return [
    [
      `${label}: frames/s`,
      ...both((pass) => `${fps(pass).toFixed(1)}${pass.reachedEnd ? "" : " (cut off)"}`),
    ],
    [
      `${label}: frame ms p50/p95/max`,
      ...both(
        (pass) =>
          `${percentile(pass, 0.5).toFixed(1)}/${percentile(pass, 0.95).toFixed(1)}/${(pass.intervalsMs.at(-1) ?? 0).toFixed(1)}`,
      ),
    ],
    [
      `${label}: frames, seconds`,
      ...both((pass) => `${pass.frames}, ${(pass.durationMs / 1000).toFixed(1)}`),
    ],
    [
      `${label}: long tasks (count, ms)`,
      ...both((pass) => `${pass.longTasks}, ${Math.round(pass.longTaskMs)}`),
    ],
    [`${label}: rows in the DOM`, ...both((pass) => String(pass.mountedRows))],
  ];
}

function tokenRows(parley: TokenCost, bare: TokenCost, onScreen: TokenCost): string[][] {
  const ms = (value: number) => value.toFixed(3);
  const ratio = (baseline: TokenCost) => `${(parley.taskMs / baseline.taskMs).toFixed(2)}×`;
  return [
    ["main-thread task time per token (ms)", ms(parley.taskMs), ms(bare.taskMs)],
    [
      "  against bare paragraphs on screen, a frame a token (ms)",
      ms(parley.taskMs),
      `${ms(onScreen.taskMs)} (Parley ${ratio(onScreen)}; the <pre>: ${ratio(bare)})`,
    ],
    [
      `  tokens 2–${Math.floor(parley.tokens / 2)} / the rest (ms)`,
      parley.halvesTaskMs.map(ms).join(" / "),
      bare.halvesTaskMs.map(ms).join(" / "),
    ],
    ["  of which script (ms)", ms(parley.scriptMs), ms(bare.scriptMs)],
    ["  of which layout (ms)", ms(parley.layoutMs), ms(bare.layoutMs)],
    ["  of which style recalculation (ms)", ms(parley.styleMs), ms(bare.styleMs)],
    [
      "wall time per token, one render each (ms)",
      ms(parley.wallMs / (parley.tokens - 1)),
      ms(bare.wallMs / (bare.tokens - 1)),
    ],
  ];
}

buildWebUi();
const server = await startE2eServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // tsx compiles nested functions with a `__name` helper; the page functions above need it defined there.
  await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
  await context.addInitScript({ content: watchFirstAppearance([MESSAGE_ROW, EMPTY_STATE]) });
  const result = await measure(server, context);
  const ms = (values: number[]) => `${Math.round(median(values))}`;
  const rows = [
    [
      `first contentful paint (ms, median of ${LOADS})`,
      ms(result.long.map((t) => t.firstContentfulPaintMs)),
      ms(result.empty.map((t) => t.firstContentfulPaintMs)),
    ],
    [
      "conversation shown (ms): first row / empty state",
      ms(result.long.map((t) => t.shownMs)),
      ms(result.empty.map((t) => t.shownMs)),
    ],
    ...scrollRows("scroll up, loading older pages", result.parleyScroll.up, result.bareScroll.up),
    ...scrollRows(`scroll down, all ${MESSAGES} loaded`, result.parleyScroll.down, result.bareScroll.down),
    ...tokenRows(result.parleyTokens, result.bareTokens, result.onScreenTokens),
  ];
  process.stdout.write(
    `\nParley web UI in ${browser.version()}, ${MESSAGES}-message session, ${TOKENS}-token answer, ${STEP_PX} px per frame\n`,
  );
  process.stdout.write(
    "Baselines: paint = the same page with an empty chat; scroll = the same texts as plain <p>s in one box; tokens = the same tokens appended to a bare <pre> (below the list, off screen, two tokens often in one frame), and to bare paragraphs on screen painted a frame a token, as a reader sees Parley's.\n\n",
  );
  process.stdout.write(`${formatTable(["measurement", "Parley", "baseline"], rows)}\n`);
} finally {
  await browser.close();
  await server.close();
}

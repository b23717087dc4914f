/**
 * The per-token measurement of ui-measure.ts alone, in interleaved rounds (Parley, then the bare `<pre>` off
 * screen, then bare paragraphs on screen, a frame a token: `bareOnScreenTokenCost`), in one browser, so a
 * noisy machine shows as spread between rounds rather than as a false figure. With
 * PARLEY_BENCH_COMPARE_DIST (another `vite build` output, say of the commit before a change) each round also
 * streams through a second server serving that build. With PARLEY_BENCH_PROFILE=1 a last, separate round per
 * build records a Chrome trace and a CPU profile and prints the main thread's time by trace event and the top
 * JavaScript functions (both slow the page down, so the timed rounds run without them).
 *
 *   npx tsx packages/web/bench/token-rounds.ts   (PARLEY_BENCH_ROUNDS=5, PARLEY_BENCH_TOKENS=600)
 */
import { roundsFrom } from "@parley/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import buildWebUi from "../e2e/support/build-web-ui.ts";
import { launchChromium } from "../e2e/support/chromium.ts";
import { type E2eServer, startE2eServer } from "../e2e/support/e2e-server.ts";
import { bareOnScreenPage, barePage } from "./in-page.ts";
import { formatTable, median } from "./report-table.ts";
import { bareOnScreenTokenCost, bareTokenCost, parleyTokenCost, type TokenCost } from "./stream-cost.ts";
import { type CpuProfile, cpuSelfTimes, mainThreadSelfTimes, type TimeByName } from "./trace-summary.ts";

const ROUNDS = roundsFrom("PARLEY_BENCH_ROUNDS", 5);
const TOKENS = Number(process.env.PARLEY_BENCH_TOKENS ?? 600);
const COMPARE_DIST = process.env.PARLEY_BENCH_COMPARE_DIST;
const PROFILE = process.env.PARLEY_BENCH_PROFILE === "1";
/** The baseline a reader would see: paragraphs on screen, one frame a token (see `bareOnScreenTokenCost`). */
const ON_SCREEN = "bare, on screen";
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8"];

/** A build of the UI under measurement: its server and a signed-in browser context. */
interface Subject {
  label: string;
  server: E2eServer;
  context: BrowserContext;
}

async function subject(browser: Browser, label: string, webRoot?: string): Promise<Subject> {
  const server = await startE2eServer(webRoot === undefined ? {} : { webRoot });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
  const signIn = await context.newPage();
  await signIn.goto(server.loginUrl());
  await signIn.locator("[data-testid=connection-indicator][data-status=connected]").waitFor();
  await signIn.close();
  return { label, server, context };
}

/** One streamed answer in a fresh chat. */
async function streamOnce({ server, context }: Subject) {
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.locator("[data-testid=chat-empty]").waitFor();
  const cost = await parleyTokenCost(page, server, TOKENS);
  await page.close();
  return cost;
}

/** The same tokens appended to a bare `<pre>`. */
async function bareOnce(context: BrowserContext) {
  const page = await context.newPage();
  await page.setContent(barePage([]));
  const cost = await bareTokenCost(page, TOKENS);
  await page.close();
  return cost;
}

/** The same tokens appended to paragraphs on screen, a frame each (`bareOnScreenTokenCost`). */
async function bareOnScreenOnce(context: BrowserContext) {
  const page = await context.newPage();
  await page.setContent(bareOnScreenPage());
  const cost = await bareOnScreenTokenCost(page, TOKENS);
  await page.close();
  return cost;
}

/** Runs `round` with a Chrome trace and a CPU profile of its page around it, after `prepare` loaded the page. */
async function profiled(
  browser: Browser,
  context: BrowserContext,
  prepare: (page: Page) => Promise<unknown>,
  round: (page: Page) => Promise<unknown>,
) {
  const page = await context.newPage();
  await prepare(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send("Profiler.start");
  await round(page);
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
  const trace = await browser.stopTracing();
  await cdp.detach();
  await page.close();
  return { events: mainThreadSelfTimes(trace.toString("utf8")), functions: cpuSelfTimes(profile) };
}

function perToken(rows: TimeByName[], top: number): string[][] {
  return rows.slice(0, top).map((row) => [row.name, (row.ms / (TOKENS - 1)).toFixed(3)]);
}

buildWebUi();
const browser = await launchChromium();
const subjects = [await subject(browser, "Parley")];
if (COMPARE_DIST !== undefined) subjects.push(await subject(browser, "compared build", COMPARE_DIST));
const bareContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await bareContext.addInitScript({ content: "globalThis.__name = (target) => target;" });
try {
  const costs = new Map<string, TokenCost[]>([
    ...subjects.map((each): [string, TokenCost[]] => [each.label, []]),
    ["bare <pre>", []],
    [ON_SCREEN, []],
  ]);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const each of subjects) costs.get(each.label)?.push(await streamOnce(each));
    costs.get("bare <pre>")?.push(await bareOnce(bareContext));
    costs.get(ON_SCREEN)?.push(await bareOnScreenOnce(bareContext));
    process.stderr.write(`round ${round} of ${ROUNDS} done\n`);
  }
  const bare = costs.get("bare <pre>") ?? [];
  const onScreen = costs.get(ON_SCREEN) ?? [];
  const rows = [...costs.entries()].map(([label, list]) => {
    const ratios = list.map((cost, index) => cost.taskMs / (bare[index]?.taskMs ?? Number.NaN));
    const onScreenRatios = list.map((cost, index) => cost.taskMs / (onScreen[index]?.taskMs ?? Number.NaN));
    const growth = list.map((cost) => cost.halvesTaskMs[1] / cost.halvesTaskMs[0]);
    return [
      label,
      list.map((cost) => cost.taskMs.toFixed(2)).join(" "),
      median(list.map((cost) => cost.taskMs)).toFixed(2),
      median(list.map((cost) => cost.scriptMs)).toFixed(2),
      `${median(ratios).toFixed(2)}× (${ratios.map((ratio) => ratio.toFixed(2)).join(" ")})`,
      `${median(onScreenRatios).toFixed(2)}×`,
      `${median(growth).toFixed(2)}×`,
    ];
  });
  process.stdout.write(
    `\nMain-thread task time per token, ${TOKENS}-token answer, ${ROUNDS} interleaved rounds, ${browser.version()}\n\n`,
  );
  process.stdout.write(
    `${formatTable(["", "per round (ms)", "median", "script", "÷ bare <pre>, median (per round)", "÷ on screen", "second half ÷ first"], rows)}\n`,
  );
  if (PROFILE) {
    const runs = subjects.map((each) => ({
      label: each.label,
      context: each.context,
      prepare: async (page: Page) => {
        await page.goto(`${each.server.url}/`);
        await page.locator("[data-testid=chat-empty]").waitFor();
      },
      round: (page: Page) => parleyTokenCost(page, each.server, TOKENS),
    }));
    runs.push({
      label: "bare <pre>",
      context: bareContext,
      prepare: (page: Page) => page.setContent(barePage([])),
      round: (page: Page) => bareTokenCost(page, TOKENS),
    });
    for (const run of runs) {
      const { events, functions } = await profiled(browser, run.context, run.prepare, run.round);
      process.stdout.write(
        `\n${run.label}, one profiled round: main-thread self time per token by trace event\n\n`,
      );
      process.stdout.write(`${formatTable(["trace event", "ms per token"], perToken(events, 16))}\n`);
      process.stdout.write(`\n${run.label}: top JavaScript functions by self time per token\n\n`);
      process.stdout.write(`${formatTable(["function", "ms per token"], perToken(functions, 12))}\n`);
    }
  }
} finally {
  await browser.close();
  for (const each of subjects) await each.server.close();
}

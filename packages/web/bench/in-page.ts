/**
 * Functions the measurement runs inside Chromium. Playwright sends their source, so each names nothing
 * outside itself (tsx's `__name` helper is shimmed by an init script, see ui-measure.ts).
 */

/** What a scroll pass saw: frames painted, how long it took, and the main thread's long tasks meanwhile. */
export interface ScrollPass {
  frames: number;
  durationMs: number;
  /** Frame intervals, sorted, for percentiles. */
  intervalsMs: number[];
  longTasks: number;
  longTaskMs: number;
  /** Rows the list held at the end (a virtualized list mounts only those on screen). */
  mountedRows: number;
  reachedEnd: boolean;
}

/** Which way to scroll, how far per frame, and how to tell the pass is over. */
export interface ScrollPlan {
  selector: string;
  /** One row of the list, to count how many are mounted. */
  rowSelector: string;
  direction: "up" | "down";
  stepPx: number;
  /** Scrolling up: text that is on screen only once the oldest message is (older pages load on the way). */
  topText?: string;
  maxFrames: number;
}

/**
 * Scrolls `selector` by `stepPx` every animation frame until the end (up: the top with `topText` shown and
 * no page loading; down: the bottom), counting frames and long tasks.
 */
export function scrollPass(plan: ScrollPlan): Promise<ScrollPass> {
  const list = document.querySelector(plan.selector) as HTMLElement;
  let longTasks = 0;
  let longTaskMs = 0;
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      longTasks += 1;
      longTaskMs += entry.duration;
    }
  });
  observer.observe({ type: "longtask" });
  const intervals: number[] = [];
  return new Promise((resolve) => {
    let started = 0;
    let last = 0;
    let settledFrames = 0;
    const finish = (reachedEnd: boolean) => {
      observer.disconnect();
      resolve({
        frames: intervals.length,
        durationMs: last - started,
        intervalsMs: intervals.sort((a, b) => a - b),
        longTasks,
        longTaskMs,
        mountedRows: list.querySelectorAll(plan.rowSelector).length,
        reachedEnd,
      });
    };
    const onFrame = (now: number) => {
      if (started === 0) started = now;
      else intervals.push(now - last);
      last = now;
      const atEnd =
        plan.direction === "up"
          ? list.scrollTop <= 0 &&
            document.querySelector("[data-testid=loading-older]") === null &&
            (plan.topText === undefined || (list.textContent ?? "").includes(plan.topText))
          : list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
      // The end must hold for a few frames: a page of older messages may still be arriving.
      settledFrames = atEnd ? settledFrames + 1 : 0;
      if (settledFrames >= 10) return finish(true);
      if (intervals.length >= plan.maxFrames) return finish(false);
      list.scrollTop += plan.direction === "up" ? -plan.stepPx : plan.stepPx;
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
  });
}

/** Paint timings of the current document: first contentful paint and when `selector` first appeared. */
export function paintTimings(selector: string): { firstContentfulPaintMs: number; shownMs: number } {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const marks = (window as unknown as { __shown?: Record<string, number> }).__shown ?? {};
  return { firstContentfulPaintMs: paint?.startTime ?? Number.NaN, shownMs: marks[selector] ?? Number.NaN };
}

/**
 * Init-script source: records `performance.now()` when each watched selector first matches, from the very
 * start of the document (a MutationObserver on the whole tree), so "shown" does not wait on the test driver.
 */
export function watchFirstAppearance(selectors: readonly string[]): string {
  return `(() => {
    const shown = (window.__shown = {});
    const selectors = ${JSON.stringify(selectors)};
    const check = () => {
      for (const selector of selectors)
        if (shown[selector] === undefined && document.querySelector(selector) !== null) shown[selector] = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  })();`;
}

/** What a page shows once a token is in: `text` inside the first element matching `selector`. */
export interface ShownText {
  selector: string;
  text: string;
}

/**
 * Resolves once the page shows `shown.text` (at once when it already does). It checks again after each DOM
 * change, from a MutationObserver: a watcher polling every animation frame (Playwright's `waitForFunction`)
 * keeps the page producing a frame of its own after each token, which a reader's page never does.
 */
export function whenShown(shown: ShownText): Promise<void> {
  const isShown = () => (document.querySelector(shown.selector)?.textContent ?? "").includes(shown.text);
  if (isShown()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!isShown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** A bare page: the same texts as plain paragraphs in one scrolling box, no framework and no virtualization. */
export function barePage(texts: readonly string[]): string {
  const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const rows = texts.map(
    (text) => `<p style="margin:12px 16px;white-space:pre-wrap">${escapeHtml(text)}</p>`,
  );
  return `<!doctype html><html><body style="margin:0;font:16px system-ui">
<div id="list" style="height:100vh;overflow-y:auto">${rows.join("")}</div><pre id="out"></pre></body></html>`;
}

/**
 * A bare page that shows the answer where a chat does: on screen, in a box that stays at its end as the text
 * grows (`column-reverse`, no script), one `<p>` a paragraph. `barePage`'s `<pre>` sits below a full-height
 * list, out of view, and grows as one text, which no reader sees.
 */
export function bareOnScreenPage(): string {
  return `<!doctype html><html><body style="margin:0;font:16px system-ui">
<div style="height:100vh;overflow-y:auto;display:flex;flex-direction:column-reverse"><div id="out" style="margin:12px 16px"></div></div></body></html>`;
}

/**
 * Appends `text` to the last paragraph of `bareOnScreenPage` (a blank line starts the next one) and
 * resolves in the next animation frame, before that frame paints: one frame a token, as Parley's.
 */
export function appendForAFrame(text: string): Promise<void> {
  const out = document.getElementById("out") as HTMLElement;
  const [first = "", ...rest] = text.split("\n\n");
  (out.lastElementChild ?? out.appendChild(document.createElement("p"))).append(first);
  for (const part of rest) out.appendChild(document.createElement("p")).append(part);
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

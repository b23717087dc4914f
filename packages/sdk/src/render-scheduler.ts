import type { Timers } from "./timers.ts";

/** Runs a callback soon: at the next animation frame in a browser, after a macrotask elsewhere. */
export type RenderScheduler = (callback: () => void) => void;

/**
 * The default scheduler: `requestAnimationFrame` when the host has it, so a burst of tokens becomes one
 * render per frame (vercel/ai#6166); otherwise a zero-delay timer (Node, the terminal UI).
 */
export function defaultRenderScheduler(timers: Timers): RenderScheduler {
  const frame = (globalThis as { requestAnimationFrame?: (callback: () => void) => unknown })
    .requestAnimationFrame;
  if (typeof frame === "function") return (callback) => void frame.call(globalThis, callback);
  return (callback) => void timers.setTimeout(callback, 0);
}

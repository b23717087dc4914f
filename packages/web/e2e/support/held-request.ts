import type { Route } from "playwright-core";

/** A `page.route` handler that holds the first request it sees until released, and lets every other pass. */
export interface HeldRequest {
  handler: (route: Route) => Promise<void>;
  /** Resolves once the first request is being held. */
  arrived: Promise<void>;
  release: () => void;
}

/**
 * Holds the first matching request (e.g. a reconnect to `/api/events`) until `release()`, so a test sees the
 * page while it is cut off, and decides what happens on the server meanwhile.
 */
export function holdFirstRequest(): HeldRequest {
  let held = false;
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async (route) => {
      if (!held) {
        held = true;
        arrive();
        await released;
      }
      await route.continue();
    },
    arrived,
    release,
  };
}

import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelayMs } from "./retry-policy.ts";

describe("retry delays", () => {
  it("double from 500 ms up to the cap, plus up to 25% jitter", () => {
    const noJitter = [1, 2, 3, 7, 8, 12].map((attempt) =>
      retryDelayMs(DEFAULT_RETRY_POLICY, attempt, undefined, () => 0),
    );
    const fullJitter = retryDelayMs(DEFAULT_RETRY_POLICY, 1, undefined, () => 0.999_999);

    expect(noJitter).toEqual([500, 1000, 2000, 32_000, 32_000, 32_000]);
    expect(fullJitter).toBe(625);
  });

  it("follow the server's retry-after, within the policy's ceiling", () => {
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 4, 0)).toBe(0);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 20_000)).toBe(20_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, 3_600_000)).toBe(300_000);
  });
});

import { describe, expect, it } from "vitest";
import { EventLog } from "./event-log.ts";

describe("EventLog", () => {
  it("resolves a wait with an event that already happened", async () => {
    const log = new EventLog<string>();
    log.push("request");

    expect(await log.waitFor((event) => event === "request")).toBe("request");
  });

  it("resolves a wait when a matching event arrives later, ignoring others", async () => {
    const log = new EventLog<number>();
    const waiting = log.waitFor((event) => event > 2);

    log.push(1);
    log.push(3);

    expect(await waiting).toBe(3);
  });

  it("rejects pending and future waits after it fails, but still finds past events", async () => {
    const log = new EventLog<string>();
    log.push("seen");
    const pending = log.waitFor((event) => event === "never");

    log.fail(new Error("closed"));

    await expect(pending).rejects.toThrow("closed");
    await expect(log.waitFor((event) => event === "later")).rejects.toThrow("closed");
    expect(await log.waitFor((event) => event === "seen")).toBe("seen");
  });
});

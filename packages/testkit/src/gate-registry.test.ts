import { describe, expect, it } from "vitest";
import { GateRegistry } from "./gate-registry.ts";

describe("GateRegistry", () => {
  it("lets one waiter through per release, in arrival order", async () => {
    const gates = new GateRegistry();
    const signal = new AbortController().signal;
    const passed: string[] = [];
    const first = gates.wait("g", signal).then(() => passed.push("first"));
    const second = gates.wait("g", signal).then(() => passed.push("second"));

    gates.release("g");
    await first;

    expect(passed).toEqual(["first"]);
    gates.release("g");
    await second;
    expect(passed).toEqual(["first", "second"]);
  });

  it("keeps a release made before anyone waits", async () => {
    const gates = new GateRegistry();
    gates.release("early");

    expect(await gates.wait("early", new AbortController().signal)).toBe(true);
  });

  it("gives up when the signal aborts, without using a later release", async () => {
    const gates = new GateRegistry();
    const controller = new AbortController();
    const waiting = gates.wait("g", controller.signal);

    controller.abort();
    gates.release("g");

    expect(await waiting).toBe(false);
    expect(await gates.wait("g", new AbortController().signal)).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { guardTerminal } from "./terminal-guard.ts";

/** A terminal that records its mode and what is written to it. */
function fakeTerminal() {
  const modes: boolean[] = [];
  const written: string[] = [];
  const stdin = { isTTY: true, setRawMode: (on: boolean) => modes.push(on) } as unknown as NodeJS.ReadStream;
  const stdout = {
    writable: true,
    write: (text: string) => written.push(text),
  } as unknown as NodeJS.WriteStream;
  return { stdin, stdout, modes, output: () => written.join("") };
}

describe("the terminal after the UI", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is put back when the process crashes: raw mode off, cursor shown, paste mode and alternate screen left", () => {
    const terminal = fakeTerminal();
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    guardTerminal(terminal);
    expect(terminal.output()).toContain("\u001b[?2004h");

    const emit = process.emit.bind(process) as (event: string, ...values: unknown[]) => boolean;
    emit("uncaughtException", new Error("boom"));

    expect(terminal.modes).toEqual([false]);
    expect(terminal.output()).toContain("\u001b[?2004l\u001b[?1049l\u001b[?25h");
    expect(String(stderr.mock.calls[0]?.[0])).toContain("boom");
    expect(exit).toHaveBeenCalledWith(1);
  });

  it("is put back once, however many ways the process ends", () => {
    const terminal = fakeTerminal();
    const restore = guardTerminal(terminal);
    restore();
    restore();
    process.emit("exit", 0);
    expect(terminal.modes).toEqual([false]);
    expect(process.listeners("uncaughtException").length).toBeLessThanOrEqual(1);
  });
});

import type { ServerResponse } from "node:http";
import type { Frame, RenderedResponse } from "./formats/wire-format.ts";
import type { ResponseOutcome } from "./recorded-request.ts";

/** The abort reason used when the server itself is closing, to tell it apart from a client hanging up. */
export const SERVER_CLOSING = Symbol("fake model server closing");

/** What the writer needs besides the frames: where gates wait, when to cut, and when to give up. */
export interface WriteControls {
  /** Aborted when the client disconnects or the server closes. */
  signal: AbortSignal;
  /** Resolves `true` when the gate is released, `false` if the signal aborted. */
  waitAtGate(name: string): Promise<boolean>;
  /** Called when the stream pauses at a gate (so tests can await it). */
  onGate(name: string): void;
  /** Destroy the socket after this many byte frames. */
  cutAfter?: number;
}

/** Streams frames in order, pausing at gates, and reports how the stream ended. Headers must already be sent. */
export async function writeFrames(
  response: ServerResponse,
  frames: readonly Frame[],
  controls: WriteControls,
): Promise<ResponseOutcome> {
  let written = 0;
  if (controls.cutAfter === 0) await flushHeaders(response);
  for (const frame of frames) {
    if (controls.cutAfter !== undefined && written >= controls.cutAfter) return cut(response);
    if (controls.signal.aborted) return abortedOutcome(controls.signal);
    if (frame.type === "gate") {
      controls.onGate(frame.name);
      if (!(await controls.waitAtGate(frame.name))) return abortedOutcome(controls.signal);
      continue;
    }
    await write(response, frame.text);
    written++;
  }
  if (controls.signal.aborted) return abortedOutcome(controls.signal);
  // A cut past the last frame still withholds the end of the response, so the client never sees it finish.
  if (controls.cutAfter !== undefined) return cut(response);
  await settle(response, (done) => response.end(done));
  return "completed";
}

/**
 * Sends a complete JSON response after passing every gate; with `cutAfter`, sends only the first half of the
 * body (a zero `cutAfter` sends none) and destroys the socket.
 */
export async function writeWhole(
  response: ServerResponse,
  rendered: RenderedResponse,
  controls: WriteControls & { gates: readonly string[] },
): Promise<ResponseOutcome> {
  for (const name of controls.gates) {
    controls.onGate(name);
    if (!(await controls.waitAtGate(name))) return abortedOutcome(controls.signal);
  }
  if (controls.signal.aborted) return abortedOutcome(controls.signal);
  const body = Buffer.from(rendered.body);
  response.writeHead(rendered.status, { ...rendered.headers, "content-length": String(body.length) });
  if (controls.cutAfter !== undefined) {
    if (controls.cutAfter > 0) await write(response, body.subarray(0, Math.floor(body.length / 2)));
    else await flushHeaders(response);
    return cut(response);
  }
  await settle(response, (done) => response.end(body, done));
  return "completed";
}

function write(response: ServerResponse, chunk: string | Uint8Array): Promise<void> {
  // Waiting for the flush means a later cut or pause never swallows bytes the script already "sent".
  return settle(response, (done) => response.write(chunk, done));
}

/** Runs a write-like operation and resolves when its callback fires or the response closes, whichever is first. */
function settle(response: ServerResponse, start: (done: () => void) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      response.off("close", done);
      resolve();
    };
    response.once("close", done);
    start(done);
  });
}

/** Sends the status line and headers now and waits until they reach the socket. */
async function flushHeaders(response: ServerResponse): Promise<void> {
  response.flushHeaders();
  const socket = response.socket;
  if (socket) await settle(response, (done) => socket.write("", done));
}

function cut(response: ServerResponse): ResponseOutcome {
  response.socket?.destroy();
  return "cut";
}

function abortedOutcome(signal: AbortSignal): ResponseOutcome {
  return signal.reason === SERVER_CLOSING ? "server_closed" : "client_aborted";
}

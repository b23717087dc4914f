import { fromUiSseMessage, type ServerEvent, type ServerEventType } from "@parley/protocol";
import type { EventStream, ReceivedFrame } from "./event-stream.ts";

/** A ServerEvent of one type. */
export type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** Rebuilds the typed ServerEvent a frame carries; a frame the protocol cannot interpret fails the test. */
function eventOf(frame: ReceivedFrame): ServerEvent {
  const view = fromUiSseMessage(frame.message);
  if (view.kind === "unrecognized") {
    throw new Error(`frame ${frame.raw} is not a ServerEvent (${view.reason}): ${view.error?.message ?? ""}`);
  }
  return view.event;
}

/** The events received so far, optionally only those of one session, in seq order. */
export function serverEvents(frames: readonly ReceivedFrame[], sessionId?: string): ServerEvent[] {
  return frames.map(eventOf).filter((event) => sessionId === undefined || event.session_id === sessionId);
}

/** The events of one type received so far (of one session, when given). */
export function eventsOfType<T extends ServerEventType>(
  frames: readonly ReceivedFrame[],
  type: T,
  sessionId?: string,
): EventOf<T>[] {
  return serverEvents(frames, sessionId).filter((event): event is EventOf<T> => event.type === type);
}

/** The events a run produced (those carrying its `run_id`), in seq order. */
export function runEvents(frames: readonly ReceivedFrame[], runId: string): ServerEvent[] {
  return serverEvents(frames).filter((event) => "run_id" in event && event.run_id === runId);
}

/** Waits for the Outcome of a run and returns it. */
export async function waitForOutcome(stream: EventStream, runId: string): Promise<EventOf<"Outcome">> {
  const find = (frames: readonly ReceivedFrame[]) =>
    eventsOfType(frames, "Outcome").find((event) => event.run_id === runId);
  await stream.waitFor((frames) => find(frames) !== undefined);
  return find(stream.frames) as EventOf<"Outcome">;
}

/** Waits for an event of `type` that satisfies `predicate`, and returns it. */
export async function waitForEvent<T extends ServerEventType>(
  stream: EventStream,
  type: T,
  predicate: (event: EventOf<T>) => boolean = () => true,
): Promise<EventOf<T>> {
  const find = (frames: readonly ReceivedFrame[]) => eventsOfType(frames, type).find(predicate);
  await stream.waitFor((frames) => find(frames) !== undefined);
  return find(stream.frames) as EventOf<T>;
}

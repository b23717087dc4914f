/** One row of a breakdown: a name and the time spent in it, total over the recording. */
export interface TimeByName {
  name: string;
  ms: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Self time by event name on a Chrome trace's busiest renderer main thread (`CrRendererMain`): nested
 * events are subtracted from their parent, so `Paint` is paint alone and `RunTask` what no other event
 * covers. Summing self times gives the thread's busy time without counting anything twice.
 */
export function mainThreadSelfTimes(traceJson: string): TimeByName[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mainThreads = new Set(
    events
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== "X" || event.dur === undefined || !mainThreads.has(thread)) continue;
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  const busiest = [...byThread.values()].sort((a, b) => busyTime(b) - busyTime(a))[0] ?? [];
  return selfTimes(busiest);
}

function busyTime(events: readonly TraceEvent[]): number {
  return events.filter((event) => event.name === "RunTask").reduce((sum, event) => sum + (event.dur ?? 0), 0);
}

function selfTimes(events: TraceEvent[]): TimeByName[] {
  // Parents first: earlier start, and at equal starts the longer one.
  events.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const event of events) {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as TraceEvent;
      if (event.ts < top.ts + (top.dur ?? 0)) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    if (parent !== undefined) self.set(parent.name, (self.get(parent.name) ?? 0) - (event.dur ?? 0));
    self.set(event.name, (self.get(event.name) ?? 0) + (event.dur ?? 0));
    stack.push(event);
  }
  return [...self.entries()].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
}

/** A V8 CPU profile as CDP's `Profiler.stop` returns it. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time by JavaScript function (name and file), from a sampled CPU profile. */
export function cpuSelfTimes(profile: CpuProfile): TimeByName[] {
  const nameOf = new Map(
    profile.nodes.map((node) => {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url.split("/").at(-1) ?? "";
      return [node.id, `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}` : ""}`];
    }),
  );
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    const name = nameOf.get(id) ?? "?";
    // A sample's time is the gap to the next one.
    self.set(name, (self.get(name) ?? 0) + (deltas[index + 1] ?? 0));
  });
  return [...self.entries()].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
}

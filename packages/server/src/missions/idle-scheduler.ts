import type { Mission, ServerEvent } from "@parley/protocol";
import type { AgentService } from "../agents/service/agent-service.ts";
import type { EventBus, LiveEvent } from "../bus/event-bus.ts";
import type { Store } from "../store/store.ts";
import { IDLE_PROMPT_MARKER, idlePromptText } from "./idle-prompt.ts";
import type { IdleSchedulerSettings } from "./idle-scheduler-settings.ts";
import { type SchedulerClock, systemClock } from "./scheduler-clock.ts";

/** What the scheduler watches and acts through. */
export interface IdleSchedulerContext {
  store: Store;
  bus: EventBus;
  agents: AgentService;
  projectRoot: string;
}

/**
 * Keeps agents working toward the project's mission (seed 002's idle scheduler). When an agent's run ends
 * well and it then stays idle for `idleAfterMs`, it is sent an idle prompt through the normal chat queue
 * and an `IdlePromptTriggered` event is published. Never while an approval or question of its session
 * waits, never past the mission's budget of idle prompts (counted from the stored runs, so a restart does
 * not reset it), never after a Stop (until the agent's next run ends well), and a cleared mission cancels
 * every pending prompt and stops the idle runs still going. Off unless the settings enable it; the settings
 * are read again whenever they change (`settings_changed`), so Settings switches it on and off live.
 */
export class IdleScheduler {
  readonly #context: IdleSchedulerContext;
  readonly #settingsOf: () => IdleSchedulerSettings;
  #settings: IdleSchedulerSettings;
  readonly #clock: SchedulerClock;
  readonly #timers = new Map<string, unknown>();
  /** Runs this scheduler started that have not ended. */
  readonly #idleRuns = new Set<string>();
  #unsubscribe: (() => void) | undefined;

  constructor(
    context: IdleSchedulerContext,
    settings: IdleSchedulerSettings | (() => IdleSchedulerSettings),
    clock: SchedulerClock = systemClock,
  ) {
    this.#context = context;
    this.#settingsOf = typeof settings === "function" ? settings : () => settings;
    this.#settings = this.#settingsOf();
    this.#clock = clock;
  }

  /** The settings in force now. */
  get settings(): IdleSchedulerSettings {
    return this.#settings;
  }

  /**
   * Starts watching the event bus. Agents whose last run ended well before this start (a restarted server,
   * or idle prompts just switched on) count as idle from now.
   */
  start(): void {
    if (this.#unsubscribe !== undefined) return;
    this.#unsubscribe = this.#context.bus.subscribe((events) => this.#onEvents(events));
    if (this.#settings.enabled) this.#scheduleIdleAgents();
  }

  /** Stops watching and drops every pending idle prompt. */
  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    for (const handle of this.#timers.values()) this.#clock.clearTimeout(handle);
    this.#timers.clear();
  }

  /** The agents (as `session_id/agent_id`) with an idle prompt pending. */
  get pending(): string[] {
    return [...this.#timers.keys()];
  }

  #onEvents(events: readonly LiveEvent[]): void {
    for (const logged of events) this.#onEvent(logged.event);
  }

  #onEvent(event: ServerEvent): void {
    if (event.type === "StateUpdated" && event.reason === "settings_changed") {
      this.#reconfigure();
      return;
    }
    if (!this.#settings.enabled) return;
    if (event.type === "StateUpdated" && event.reason === "mission_changed") {
      if (this.#mission() === null) this.#stopAll();
      return;
    }
    if (event.type !== "Outcome") return;
    const run = this.#context.store.runs.get(event.run_id);
    if (run === undefined || run.parent_run_id !== null) return;
    this.#idleRuns.delete(run.id);
    const key = `${run.session_id}/${run.agent_id}`;
    this.#cancel(key);
    // A Stop (or an interrupted or failed run) ends the idle prompting of this agent until a run ends well.
    if (event.outcome === "success") this.#schedule(key, run.session_id, run.agent_id, run.id);
  }

  /** The settings changed: pending prompts are dropped, and with idle prompts on, idle agents wait anew. */
  #reconfigure(): void {
    this.#settings = this.#settingsOf();
    for (const key of [...this.#timers.keys()]) this.#cancel(key);
    if (this.#settings.enabled) this.#scheduleIdleAgents();
  }

  #scheduleIdleAgents(): void {
    const { store, projectRoot } = this.#context;
    if (this.#mission() === null) return;
    for (const session of store.sessions.list(projectRoot)) {
      const lastByAgent = new Map<string, { id: string; status: string }>();
      for (const run of store.runs.listBySession(session.id)) {
        if (run.parent_run_id === null) lastByAgent.set(run.agent_id, run);
      }
      for (const [agentId, run] of lastByAgent) {
        if (run.status === "completed")
          this.#schedule(`${session.id}/${agentId}`, session.id, agentId, run.id);
      }
    }
  }

  /** `afterRunId`: the agent's run whose end left it idle. */
  #schedule(key: string, sessionId: string, agentId: string, afterRunId: string): void {
    if (this.#mission() === null) return;
    const idleSinceMs = this.#clock.now();
    const handle = this.#clock.setTimeout(() => {
      this.#timers.delete(key);
      this.#fire(sessionId, agentId, afterRunId, this.#clock.now() - idleSinceMs);
    }, this.#settings.idleAfterMs);
    this.#timers.set(key, handle);
  }

  #fire(sessionId: string, agentId: string, afterRunId: string, idleMs: number): void {
    const { store, agents, bus, projectRoot } = this.#context;
    const mission = this.#mission();
    if (!this.#settings.enabled || mission === null || agents.isActive(sessionId, agentId)) return;
    if (store.approvals.bySession(sessionId, "pending").length > 0) return;
    if (store.questions.pending(sessionId).length > 0) return;
    const used = this.#idlePromptsSent(mission);
    if (used >= this.#settings.maxTurnsPerMission) return;
    // Several servers on one database: each may have this prompt pending, and the first to claim it sends it.
    if (!this.#claimed(sessionId, agentId, afterRunId)) return;
    const text = idlePromptText(mission.text, idleMs, used + 1, this.#settings.maxTurnsPerMission);
    let runId: string | undefined;
    try {
      runId = agents.chat({ session_id: sessionId, agent_id: agentId, text }).run_id;
    } catch {
      return; // The session was deleted, or the agent's queue is full: nothing to prompt.
    }
    if (runId !== undefined) this.#idleRuns.add(runId);
    bus.publish({
      type: "IdlePromptTriggered",
      agent_id: agentId,
      project_root: projectRoot,
      session_id: sessionId,
      ...(runId !== undefined && { run_id: runId }),
    });
  }

  /**
   * Whether this server is the one to send the prompt after `afterRunId` (always on SQLite: one server).
   * On a shared database the agent must still be idle since that run (another server may have run it
   * since), and the claim taken by no other server.
   */
  #claimed(sessionId: string, agentId: string, afterRunId: string): boolean {
    const { store } = this.#context;
    const claims = store.idlePromptClaims;
    if (claims === undefined) return true;
    const last = store.runs
      .listBySession(sessionId)
      .filter((run) => run.agent_id === agentId && run.parent_run_id === null)
      .at(-1);
    return last?.id === afterRunId && claims.claim(sessionId, agentId, afterRunId, this.#clock.now());
  }

  /** Idle prompts already sent toward this mission: runs since it was set whose prompt is one. */
  #idlePromptsSent(mission: Mission): number {
    return this.#context.store.runs
      .listByProject(this.#context.projectRoot)
      .filter((run) => run.started_at_ms >= mission.created_at_ms && run.prompt.includes(IDLE_PROMPT_MARKER))
      .length;
  }

  #mission(): Mission | null {
    return this.#context.store.missions.active(this.#context.projectRoot);
  }

  #cancel(key: string): void {
    const handle = this.#timers.get(key);
    if (handle === undefined) return;
    this.#clock.clearTimeout(handle);
    this.#timers.delete(key);
  }

  /** The mission was cleared: no prompt is sent, and the idle runs going now are stopped. */
  #stopAll(): void {
    for (const key of [...this.#timers.keys()]) this.#cancel(key);
    for (const runId of [...this.#idleRuns]) {
      this.#idleRuns.delete(runId);
      try {
        this.#context.agents.cancel(runId);
      } catch {
        // The run ended meanwhile.
      }
    }
  }
}

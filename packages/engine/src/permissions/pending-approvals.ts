import { randomUUID } from "node:crypto";
import type { PermissionResult } from "@parley/protocol";
import { PermissionResultSchema } from "@parley/protocol";
import { type EngineClock, systemClock } from "../loop/engine-clock.ts";
import type { AskForPermission, PermissionPrompt } from "./policy-can-use-tool.ts";

/** A question waiting for a person: an unguessable id, the prompt (without its signal) and its deadline. */
export interface PendingApproval {
  id: string;
  prompt: Omit<PermissionPrompt, "signal">;
  createdAt: number;
  expiresAt: number;
}

/**
 * What became of an answer: `accepted` (it decided the call), or refused because the id is `unknown`,
 * the request was `already_answered`, has `expired` (or was cancelled), the answer was for
 * another call (`wrong_tool_use`), or is not a valid allow/deny (`malformed`).
 */
export type ApprovalAnswerOutcome =
  | "accepted"
  | "unknown"
  | "already_answered"
  | "expired"
  | "wrong_tool_use"
  | "malformed";

/** How long approvals wait, and how the host hears about new ones. */
export interface PendingApprovalsOptions {
  /** How long a person has to answer before the call is denied (default 10 minutes). */
  timeoutMs?: number;
  clock?: EngineClock;
  /** Makes approval ids (default: random UUIDs). */
  newId?: () => string;
  /** Called when a new approval is waiting (render a card, send an event). */
  onPending?: (approval: PendingApproval) => void;
}

const MAX_REMEMBERED = 10_000;

interface Waiting {
  approval: PendingApproval;
  resolve: (result: PermissionResult) => void;
  cancelTimer: () => void;
  dispose: () => void;
}

/**
 * Approvals waiting for a person, in memory: `ask` plugs into `policyCanUseTool`, `answer` takes the
 * person's decision by approval id. Each approval is single-use: a second answer, a late answer (after
 * the timeout or a cancelled turn) or an answer naming another tool call is refused and changes nothing,
 * and an approval that times out denies the call. A durable host stores the same states.
 */
export class PendingApprovals {
  private readonly waiting = new Map<string, Waiting>();
  private readonly settled = new Map<string, "answered" | "expired">();
  private readonly timeoutMs: number;
  private readonly clock: EngineClock;
  private readonly newId: () => string;

  constructor(private readonly options: PendingApprovalsOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 600_000;
    this.clock = options.clock ?? systemClock;
    this.newId = options.newId ?? randomUUID;
  }

  /** The approvals still waiting, oldest first. */
  get pending(): PendingApproval[] {
    return [...this.waiting.values()].map((entry) => entry.approval);
  }

  /** Registers the prompt and resolves with the person's answer, or a denial on timeout or cancel. */
  readonly ask: AskForPermission = (prompt) =>
    new Promise<PermissionResult>((resolve) => {
      const { signal, ...shown } = prompt;
      const id = this.newId();
      const createdAt = this.clock.now();
      const approval: PendingApproval = {
        id,
        prompt: shown,
        createdAt,
        expiresAt: createdAt + this.timeoutMs,
      };
      const expire = (message: string) => {
        if (!this.waiting.has(id)) return;
        this.finish(id, "expired");
        resolve({ behavior: "deny", message, toolUseID: prompt.toolUseId });
      };
      const onAbort = () => expire("The turn was cancelled before the approval was answered.");
      const cancelTimer = this.clock.setTimer(this.timeoutMs, () =>
        expire(
          `Nobody answered the approval within ${Math.round(this.timeoutMs / 1000)} s, so the tool did not run.`,
        ),
      );
      this.waiting.set(id, {
        approval,
        resolve,
        cancelTimer,
        dispose: () => signal.removeEventListener("abort", onAbort),
      });
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
      if (this.waiting.has(id)) this.options.onPending?.(approval);
    });

  /** Delivers a person's decision for approval `id`; only the first valid answer in time counts. */
  answer(id: string, result: unknown): ApprovalAnswerOutcome {
    const entry = this.waiting.get(id);
    if (!entry) {
      const state = this.settled.get(id);
      return state === "answered" ? "already_answered" : state === "expired" ? "expired" : "unknown";
    }
    const parsed = PermissionResultSchema.safeParse(result);
    if (!parsed.success) return "malformed";
    const toolUseId = entry.approval.prompt.toolUseId;
    if (parsed.data.toolUseID !== undefined && parsed.data.toolUseID !== toolUseId) return "wrong_tool_use";
    this.finish(id, "answered");
    entry.resolve({ ...parsed.data, toolUseID: toolUseId });
    return "accepted";
  }

  private finish(id: string, state: "answered" | "expired"): void {
    const entry = this.waiting.get(id);
    entry?.cancelTimer();
    entry?.dispose();
    this.waiting.delete(id);
    this.settled.set(id, state);
    // Remembered only to tell a late or repeated answer apart from a made-up id; the oldest go first.
    if (this.settled.size > MAX_REMEMBERED) this.settled.delete(this.settled.keys().next().value as string);
  }
}

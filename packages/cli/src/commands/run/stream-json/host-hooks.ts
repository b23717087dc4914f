import type { PreToolUseDecision, ToolHooks } from "@parley/engine";
import type { SDKHookCallbackMatcher } from "@parley/protocol";
import type { ControlChannel } from "./control-channel.ts";

/** What every hook input carries, as Claude Code fills it. */
export interface HookContext {
  sessionId: () => string;
  cwd: string;
  permissionMode: () => string;
}

type HookOutput = {
  continue?: boolean;
  stopReason?: string;
  decision?: "approve" | "block";
  reason?: string;
  hookSpecificOutput?: {
    permissionDecision?: "allow" | "deny" | "ask";
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
  };
};

/**
 * The hooks a host registered in `initialize` (callback ids per event, with a tool-name matcher), called
 * through `hook_callback` requests and obeyed: PreToolUse can block a call, let it run without asking or
 * change its input; PostToolUse and UserPromptSubmit can add context for the model; Stop is told when a
 * turn ends. A hook that fails or never answers is reported on stderr and counts as no opinion.
 */
export class HostHooks {
  readonly #matchers: Partial<Record<string, SDKHookCallbackMatcher[]>>;
  readonly #channel: ControlChannel;
  readonly #context: HookContext;
  readonly #warn: (message: string) => void;

  constructor(
    matchers: Partial<Record<string, SDKHookCallbackMatcher[]>>,
    channel: ControlChannel,
    context: HookContext,
    warn: (message: string) => void,
  ) {
    this.#matchers = matchers;
    this.#channel = channel;
    this.#context = context;
    this.#warn = warn;
  }

  /** The engine's tool hooks backed by the host's PreToolUse and PostToolUse callbacks. */
  toolHooks(): ToolHooks {
    return {
      preToolUse: async (call) => {
        const outputs = await this.#call(
          "PreToolUse",
          call.toolName,
          { tool_name: call.toolName, tool_input: call.input, tool_use_id: call.toolUseId },
          call.signal,
          call.toolUseId,
        );
        return preToolUseDecision(outputs);
      },
      postToolUse: async (call) => {
        const outputs = await this.#call(
          "PostToolUse",
          call.toolName,
          {
            tool_name: call.toolName,
            tool_input: call.input,
            tool_response: call.result,
            tool_use_id: call.toolUseId,
          },
          call.signal,
          call.toolUseId,
        );
        return additionalContext(outputs);
      },
    };
  }

  /** UserPromptSubmit: the context hooks add to the prompt, or a block with its reason. */
  async userPromptSubmit(prompt: string, signal: AbortSignal) {
    const outputs = await this.#call("UserPromptSubmit", undefined, { prompt }, signal);
    const blocked = outputs.find((output) => output.decision === "block" || output.continue === false);
    if (blocked)
      return { blocked: blocked.reason ?? blocked.stopReason ?? "a UserPromptSubmit hook blocked it" };
    return { context: additionalContext(outputs) };
  }

  /** Stop: the turn ended. */
  async stop(signal: AbortSignal): Promise<void> {
    await this.#call("Stop", undefined, { stop_hook_active: false }, signal);
  }

  async #call(
    event: string,
    subject: string | undefined,
    fields: Record<string, unknown>,
    signal: AbortSignal,
    toolUseId?: string,
  ): Promise<HookOutput[]> {
    const callbacks = (this.#matchers[event] ?? [])
      .filter((matcher) => matches(matcher.matcher, subject))
      .flatMap((matcher) => matcher.hookCallbackIds);
    const outputs: HookOutput[] = [];
    for (const callbackId of callbacks) {
      const input = {
        session_id: this.#context.sessionId(),
        transcript_path: "",
        cwd: this.#context.cwd,
        permission_mode: this.#context.permissionMode(),
        hook_event_name: event,
        ...fields,
      };
      try {
        outputs.push(
          (await this.#channel.request(
            {
              subtype: "hook_callback",
              callback_id: callbackId,
              input,
              ...(toolUseId !== undefined && { tool_use_id: toolUseId }),
            },
            signal,
          )) as HookOutput,
        );
      } catch (error) {
        if (signal.aborted) throw error;
        this.#warn(`parley: the ${event} hook ${callbackId} failed: ${(error as Error).message}`);
      }
    }
    return outputs;
  }
}

/** Claude Code's matcher: absent, empty or `*` matches all; otherwise a regular expression on the name. */
function matches(matcher: string | undefined, subject: string | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || subject === undefined) return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(subject);
  } catch {
    return matcher === subject;
  }
}

function preToolUseDecision(outputs: HookOutput[]): PreToolUseDecision | undefined {
  let decision: PreToolUseDecision | undefined;
  for (const output of outputs) {
    const specific = output.hookSpecificOutput;
    const reason = specific?.permissionDecisionReason ?? output.reason ?? output.stopReason;
    if (output.continue === false || output.decision === "block" || specific?.permissionDecision === "deny") {
      return { behavior: "deny", message: reason ?? "A PreToolUse hook blocked this call." };
    }
    const behavior =
      specific?.permissionDecision === "allow" || output.decision === "approve"
        ? "allow"
        : specific?.permissionDecision === "ask"
          ? "ask"
          : decision?.behavior;
    const updatedInput =
      specific?.updatedInput ?? (decision?.behavior !== "deny" ? decision?.updatedInput : undefined);
    if (behavior !== undefined || updatedInput !== undefined) {
      decision = {
        behavior: (behavior as "allow" | "ask" | undefined) ?? "ask",
        ...(updatedInput && { updatedInput }),
      };
    }
  }
  return decision;
}

function additionalContext(outputs: HookOutput[]): string | undefined {
  const texts = outputs.flatMap((output) => output.hookSpecificOutput?.additionalContext ?? []);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

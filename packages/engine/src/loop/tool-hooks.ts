/**
 * What a host may do around each tool call, whatever the tool (the Claude Agent SDK's PreToolUse and
 * PostToolUse hooks map onto these). Both are optional; a hook that throws is treated as having no opinion.
 */
export interface ToolHooks {
  /**
   * Before the call and before any permission check. `deny` refuses it (the model sees `message`);
   * `allow` lets it run without asking (with `updatedInput` when given); `undefined` or `ask` leaves the
   * decision to the permission check (with `updatedInput` applied when given).
   */
  preToolUse?(call: ToolHookCall): Promise<PreToolUseDecision | undefined>;
  /** After the call, with its result; returned text is added to what the model sees. */
  postToolUse?(call: ToolHookCall & { result: unknown; isError: boolean }): Promise<string | undefined>;
}

/** The call a hook sees. */
export interface ToolHookCall {
  toolName: string;
  input: Record<string, unknown>;
  toolUseId: string;
  signal: AbortSignal;
}

/** A PreToolUse hook's answer. */
export type PreToolUseDecision =
  | { behavior: "deny"; message: string }
  | { behavior: "allow" | "ask"; updatedInput?: Record<string, unknown> };

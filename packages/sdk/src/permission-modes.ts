import type { SelectablePermissionMode } from "@parley/protocol";
import type { ExecutePlanMode } from "./interaction-state.ts";

/** The permission modes a person can pick for the agent, with what each means in a few words. */
export const PERMISSION_MODES: { value: SelectablePermissionMode; label: string; description: string }[] = [
  {
    value: "default",
    label: "Ask before changes",
    description: "The agent asks before it changes anything.",
  },
  { value: "acceptEdits", label: "Accept edits", description: "File edits go ahead; commands still ask." },
  { value: "plan", label: "Plan mode", description: "The agent only reads, and answers with a plan." },
  {
    value: "bypassPermissions",
    label: "Bypass permissions",
    description: "Everything goes ahead, except changes to protected paths.",
  },
  { value: "dontAsk", label: "Don't ask", description: "Whatever would ask is refused." },
];

/** The modes a plan can be carried out in, in the words the mode selector uses. */
export const EXECUTE_MODES: { value: ExecutePlanMode; label: string }[] = [
  { value: "default", label: "Ask before changes" },
  { value: "acceptEdits", label: "Accept edits" },
  { value: "bypassPermissions", label: "Bypass permissions" },
  { value: "dontAsk", label: "Don't ask (refuse what would ask)" },
];

/** A mode's label ("Accept edits"), or the mode itself when this UI does not know it. */
export function modeLabel(mode: string): string {
  return PERMISSION_MODES.find((option) => option.value === mode)?.label ?? mode;
}

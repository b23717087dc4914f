import type { PermissionMode } from "@parley/protocol";

/**
 * What a top-level turn in `plan` mode is told, after its own system prompt: investigate with read-only
 * tools, then answer with one fenced JSON plan in the protocol's `PlanData` shape (tagged `"type": "plan"`,
 * so both `parsePlanFromText` and `extractSpecialBlocks` find it), and change nothing.
 */
export const PLAN_MODE_INSTRUCTIONS = `# Plan mode

Plan mode is on: the user wants a plan before anything changes.

1. Investigate first, with read-only tools only (reading, listing, finding and searching files). Do not write or edit files, run shell commands or make any other change: in plan mode such calls are refused.
2. Then answer with the plan as one fenced JSON block like this one, and make no other changes:

\`\`\`json
{
  "type": "plan",
  "goal": "What the plan achieves, in one sentence",
  "steps": [
    {
      "step_number": 1,
      "action": "What to do in this step",
      "reason": "Why the step is needed",
      "tools_needed": ["Edit"]
    }
  ],
  "risks": ["What could go wrong, and how you would notice"],
  "estimated_time": "about 10 minutes"
}
\`\`\`

Number the steps from 1 in the order you will carry them out. \`goal\`, \`steps\` and each step's \`step_number\`, \`action\` and \`reason\` are required; \`tools_needed\`, \`risks\` and \`estimated_time\` are optional. A short explanation may come before the block. The user reviews the plan, then asks you to refine it or switches modes to carry it out.`;

/** What a subagent started in plan mode is told: it reports findings to its parent rather than a plan. */
export const PLAN_MODE_SUBAGENT_NOTE =
  "Plan mode is on: only read and search. Do not try to write or edit files or run commands; such calls are refused.";

/** The system prompt a turn sends: the caller's, followed in plan mode by the plan-mode instructions. */
export function systemPromptForMode(
  systemPrompt: string | undefined,
  permissionMode: PermissionMode | undefined,
  isSubagent: boolean,
): string | undefined {
  if (permissionMode !== "plan") return systemPrompt;
  const instructions = isSubagent ? PLAN_MODE_SUBAGENT_NOTE : PLAN_MODE_INSTRUCTIONS;
  return systemPrompt ? `${systemPrompt}\n\n${instructions}` : instructions;
}

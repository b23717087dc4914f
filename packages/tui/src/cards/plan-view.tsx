import type { PlanData } from "@parley/protocol";
import { PLAN_STATUS_LABELS, PLAN_STEP_ICONS, planDecisionText, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";

/**
 * A plan (seed 000 PlanMessageCard): its status, the goal, numbered steps with their tools and live
 * status, risks highlighted, the time it should take, and what became of it once decided.
 */
export function PlanView({ plan }: { plan: PlanData }) {
  const theme = useTheme();
  const status = plan.status ?? "proposed";
  const decided = planDecisionText(plan);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text>
        <Text bold color={theme.accent}>
          Plan
        </Text>
        <Text dimColor>{` · ${PLAN_STATUS_LABELS[status]}`}</Text>
        {plan.estimated_time !== undefined && (
          <Text dimColor>{` · estimated ${safeText(plan.estimated_time)}`}</Text>
        )}
      </Text>
      <Text bold>{safeText(plan.goal)}</Text>
      {plan.steps.map((step) => (
        <Box key={step.step_number} flexDirection="column">
          <Text>
            <Text color={step.status === "completed" ? theme.success : theme.accent}>
              {`${PLAN_STEP_ICONS[step.status ?? "pending"]} ${step.step_number}. `}
            </Text>
            {safeText(step.action)}
            {step.reason !== "" && <Text dimColor>{` — ${safeText(step.reason)}`}</Text>}
            {step.estimated_time !== undefined && (
              <Text dimColor>{` (${safeText(step.estimated_time)})`}</Text>
            )}
          </Text>
          {step.tools_needed !== undefined && step.tools_needed.length > 0 && (
            <Text dimColor>{`     tools: ${step.tools_needed.map(safeText).join(", ")}`}</Text>
          )}
          {step.note !== undefined && <Text dimColor>{`     ${safeText(step.note)}`}</Text>}
        </Box>
      ))}
      {plan.tools_needed !== undefined && plan.tools_needed.length > 0 && (
        <Text dimColor>{`Tools: ${plan.tools_needed.map(safeText).join(", ")}`}</Text>
      )}
      {plan.risks !== undefined && plan.risks.length > 0 && (
        <Box flexDirection="column">
          <Text bold color={theme.warning}>
            ⚠ Risks
          </Text>
          {plan.risks.map((risk) => (
            <Text key={risk} color={theme.warning}>{`  • ${safeText(risk)}`}</Text>
          ))}
        </Box>
      )}
      {plan.explanation !== undefined && <Text>{safeText(plan.explanation)}</Text>}
      {decided !== undefined && (
        <Text color={theme.success}>
          {decided}
          {plan.decision?.feedback !== undefined && (
            <Text italic>{` — “${safeText(plan.decision.feedback)}”`}</Text>
          )}
        </Text>
      )}
    </Box>
  );
}

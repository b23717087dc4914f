import type { WorkflowExecutionView } from "@parley/protocol";
import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useCallback, useEffect, useState } from "react";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";

/** The project's workflow runs, newest first: ↑/↓ choose, Enter opens the session whose card controls it. */
export function WorkflowList({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const claims = useKeyClaims();
  const { store, workflows } = useServices();
  const [executions, setExecutions] = useState<WorkflowExecutionView[] | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [selected, setSelected] = useState(0);
  const load = useCallback(() => {
    workflows.executions().then(
      (list) => setExecutions(list.executions),
      (error: Error) => setFailure(error.message),
    );
  }, [workflows]);
  useEffect(load, [load]);
  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    if (input === "r") return load();
    if (key.upArrow) return setSelected((index) => Math.max(0, index - 1));
    if (key.downArrow) return setSelected((index) => Math.min((executions?.length ?? 1) - 1, index + 1));
    const chosen = executions?.[selected];
    if (key.return && chosen !== undefined) {
      void store.openSession(chosen.session_id);
      onClose();
    }
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold color={theme.accent}>
        Workflows
      </Text>
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure)}</Text>}
      {executions === undefined && failure === undefined && <Text dimColor>Loading…</Text>}
      {executions?.length === 0 && (
        <Text dimColor>No workflow has run yet. Type / and a workflow's name to start one.</Text>
      )}
      {executions?.slice(0, 15).map((view, index) => (
        <Text
          key={view.execution_id}
          color={index === selected ? theme.accent : undefined}
          bold={index === selected}
        >
          {index === selected ? `${glyphs.pointer} ` : "  "}
          {safeText(view.workflow_name)}
          <Text dimColor>
            {` · ${view.execution.status} · ${view.execution.completed_steps}/${view.execution.total_steps}`}
            {view.execution.current_step != null && ` · ${safeText(view.execution.current_step)}`}
            {` · ${new Date(view.execution.started_at).toLocaleString()}`}
          </Text>
        </Text>
      ))}
      {keysAttached && <Text dimColor>Enter opens its session · r refreshes · Esc closes</Text>}
    </Box>
  );
}

import type { SelectablePermissionMode } from "@parley/protocol";
import { useChatActions, useChatStore } from "@parley/react";
import { PERMISSION_MODES, permissionModeOf } from "@parley/sdk";
import { useId, useState } from "react";

/**
 * The permission mode of the session's agent, for the chat header: a selector (choosing one in a new chat
 * starts the session) and, in plan mode, a badge that says the agent only reads and answers with a plan.
 */
export function PermissionModeSelect() {
  const actions = useChatActions();
  const mode = useChatStore((state) => permissionModeOf(state.session)?.mode ?? "default");
  const [changing, setChanging] = useState(false);
  const selectId = useId();
  const known = PERMISSION_MODES.find((option) => option.value === mode);
  const change = async (next: SelectablePermissionMode) => {
    setChanging(true);
    await actions.setPermissionMode(next);
    setChanging(false);
  };
  return (
    <div className={`mode-select mode-${mode}`} data-mode={mode}>
      <label htmlFor={selectId} className="visually-hidden">
        Permission mode
      </label>
      <select
        id={selectId}
        data-testid="permission-mode-select"
        value={mode}
        disabled={changing}
        title={known?.description ?? mode}
        onChange={(event) => void change(event.target.value as SelectablePermissionMode)}
      >
        {known === undefined && <option value={mode}>{mode}</option>}
        {PERMISSION_MODES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {mode === "plan" && (
        <span
          className="badge badge-plan"
          data-testid="plan-mode-badge"
          title="The agent only reads, and answers with a plan"
        >
          Plan mode
        </span>
      )}
    </div>
  );
}

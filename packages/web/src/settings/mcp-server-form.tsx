import type { McpServerEntry } from "@parley/protocol";
import { checkMcpServerInput } from "@parley/sdk";
import { useId, useState } from "react";

/**
 * Adds or edits a server of the person's own `mcp.json`, in the JSON shape Claude Code uses; the name and
 * the config are checked before they are sent.
 */
export function McpServerForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: { name: string; json: string; isNew: boolean };
  onSave: (name: string, config: McpServerEntry) => Promise<string | undefined>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial.name);
  const [json, setJson] = useState(initial.json);
  const [problem, setProblem] = useState<string | undefined>();
  const nameId = useId();
  const jsonId = useId();
  const submit = async () => {
    const input = checkMcpServerInput(name, json);
    setProblem(input.ok ? await onSave(input.name, input.config) : input.problem);
  };
  return (
    <form
      className="mcp-server-form"
      data-testid="mcp-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={nameId}>Name</label>
      <input
        id={nameId}
        data-testid="mcp-form-name"
        value={name}
        disabled={!initial.isNew}
        onChange={(event) => setName(event.target.value)}
      />
      <label htmlFor={jsonId}>Config (JSON)</label>
      <textarea
        id={jsonId}
        data-testid="mcp-form-config"
        rows={8}
        spellCheck={false}
        value={json}
        onChange={(event) => setJson(event.target.value)}
      />
      {problem !== undefined && (
        <p className="field-error" role="alert" data-testid="mcp-form-error">
          {problem}
        </p>
      )}
      <div className="card-actions">
        <button type="submit" className="button button-primary" data-testid="mcp-form-save">
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

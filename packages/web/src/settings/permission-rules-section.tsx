import type { PermissionRuleRecord } from "@parley/protocol";
import { describeRule } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import type { SettingsApi } from "./settings-api.ts";

const BEHAVIOR_LABELS = { allow: "Allow", deny: "Deny", ask: "Ask" } as const;

/**
 * The project's permission rules ("Always allow" answers and rules added through the API), each with a
 * delete button; deleting a rule makes Parley ask again where it allowed. Reloads when `revision` changes
 * (a rule saved or deleted in any tab).
 */
export function PermissionRulesSection({ api, revision }: { api: SettingsApi; revision: number }) {
  const [rules, setRules] = useState<PermissionRuleRecord[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<string | undefined>();

  const load = useCallback(async () => {
    const result = await api.listRules();
    if (result.ok) {
      setRules(result.value);
      setError(undefined);
    } else setError(result.signedOut ? "Signed out: open the login link Parley printed." : result.message);
  }, [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` says the rules changed elsewhere
  useEffect(() => {
    void load();
  }, [load, revision]);

  const remove = async (rule: PermissionRuleRecord) => {
    setDeleting(rule.id);
    const result = await api.deleteRule(rule.id);
    await load();
    setDeleting(undefined);
    if (!result.ok) setError(result.message);
  };

  return (
    <section className="settings-section" data-testid="settings-rules" aria-labelledby="settings-rules-title">
      <h2 id="settings-rules-title">Permission rules</h2>
      <p className="muted">
        What the agent may do in this project without asking. “Always allow” on an approval adds a rule here;
        delete one and Parley asks again.
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="settings-rules-error">
          {error}
        </p>
      )}
      {rules === undefined && error === undefined && <p className="muted">Loading rules…</p>}
      {rules !== undefined && rules.length === 0 && (
        <p className="muted" data-testid="settings-rules-empty">
          No rules yet: the agent asks before every change.
        </p>
      )}
      {rules !== undefined && rules.length > 0 && (
        <ul className="rule-list">
          {rules.map((rule) => (
            <li
              key={rule.id}
              className="rule-item"
              data-testid="settings-rule"
              data-rule-id={rule.id}
              data-behavior={rule.behavior}
            >
              <span className={`badge rule-behavior rule-${rule.behavior}`}>
                {BEHAVIOR_LABELS[rule.behavior]}
              </span>
              <code className="rule-text">{describeRule(rule)}</code>
              <span className="muted rule-source">
                {rule.source === "approval" ? "from an approval" : "added through the API"} ·{" "}
                {new Date(rule.created_at_ms).toLocaleDateString(undefined, { dateStyle: "medium" })}
              </span>
              <button
                type="button"
                className="button button-small"
                data-testid="settings-rule-delete"
                aria-label={`Delete the rule ${BEHAVIOR_LABELS[rule.behavior]} ${describeRule(rule)}`}
                disabled={deleting !== undefined}
                onClick={() => void remove(rule)}
              >
                {deleting === rule.id ? "Deleting…" : "Delete"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

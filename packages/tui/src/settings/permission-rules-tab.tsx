import type { PermissionRuleRecord } from "@parley/protocol";
import { apiMessage, describeRule, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";

const BEHAVIOR_LABELS = { allow: "Allow", deny: "Deny", ask: "Ask" } as const;

/**
 * The project's permission rules (`GET /api/permission-rules`: "Always allow" answers and rules added
 * through the API), as the web's Settings lists them; `d` (or Delete) deletes the one under the cursor, and
 * Parley asks again where it allowed.
 */
export function PermissionRulesTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const [rules, setRules] = useState<PermissionRuleRecord[] | undefined>();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const [revision, setRevision] = useState(0);
  const cursor = useListCursor(rules?.length ?? 0);

  useEffect(() => {
    void revision;
    store.client
      .listPermissionRules()
      .then(setRules, (error: unknown) =>
        setResult({ text: `Could not read the rules: ${apiMessage(error)}`, failed: true }),
      );
  }, [store, revision]);

  const remove = (rule: PermissionRuleRecord) => {
    setResult(undefined);
    const words = `${BEHAVIOR_LABELS[rule.behavior]} ${describeRule(rule)}`;
    store.client.deletePermissionRule(rule.id).then(
      () => setResult({ text: `Deleted “${safeText(words)}”: Parley asks again.`, failed: false }),
      (error: unknown) => setResult({ text: `Not deleted: ${apiMessage(error)}`, failed: true }),
    );
    setRevision((value) => value + 1);
  };

  tabKeys.current = (input, key) => {
    if (cursor.move(key)) return true;
    const rule = rules?.[cursor.read()];
    if ((input === "d" || key.delete) && rule !== undefined) {
      remove(rule);
      return true;
    }
    return false;
  };

  return (
    <Box flexDirection="column">
      <Text dimColor>
        What the agent may do in this project without asking. “Always allow” on an approval adds a rule here.
      </Text>
      {rules === undefined && result === undefined && <Text dimColor>Reading the rules…</Text>}
      {rules?.length === 0 && <Text dimColor>No rules yet: the agent asks before every change.</Text>}
      {rules?.map((rule, index) => (
        <Text key={rule.id} bold={index === cursor.at}>
          {`${index === cursor.at ? glyphs.pointer : " "} `}
          <Text
            color={
              rule.behavior === "deny"
                ? theme.danger
                : rule.behavior === "allow"
                  ? theme.success
                  : theme.warning
            }
          >
            {BEHAVIOR_LABELS[rule.behavior].padEnd(6)}
          </Text>
          {safeText(describeRule(rule))}
          <Text dimColor>
            {` · ${rule.source === "approval" ? "from an approval" : "added through the API"} · ${new Date(rule.created_at_ms).toLocaleDateString(undefined, { dateStyle: "medium" })}`}
          </Text>
        </Text>
      ))}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{result.text}</Text>
      )}
      {attached && rules !== undefined && rules.length > 0 && (
        <Text dimColor>↑/↓ choose · d deletes the rule</Text>
      )}
    </Box>
  );
}

import { visibleText } from "@parley/sdk";
import type { ReactNode } from "react";
import { CollapsibleText } from "./collapsible-text.tsx";

/**
 * A tool call's input, readable: an Edit as the lines it removes and adds, a shell command as code, file
 * contents as text (cut when long), other values as text or indented JSON. Each row is
 * `tool-parameter` with `data-name`.
 */
export function ToolParameters({
  toolName,
  parameters,
  testId = "tool-parameters",
}: {
  toolName: string;
  parameters: Record<string, unknown>;
  testId?: string;
}) {
  const entries = Object.entries(parameters);
  if (entries.length === 0) return <p className="muted">No input.</p>;
  const isEdit = toolName === "Edit" && typeof parameters.old_string === "string";
  return (
    <dl className="tool-parameters" data-testid={testId}>
      {entries.map(([name, value]) => {
        if (isEdit && name === "new_string") return null;
        if (isEdit && name === "old_string") {
          return (
            <ParameterRow key={name} name="change">
              <ReplacementView before={String(value)} after={String(parameters.new_string ?? "")} />
            </ParameterRow>
          );
        }
        return (
          <ParameterRow key={name} name={name}>
            <ParameterValue name={name} value={value} code={toolName === "Bash" && name === "command"} />
          </ParameterRow>
        );
      })}
    </dl>
  );
}

function ParameterRow({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="tool-parameter" data-testid="tool-parameter" data-name={name}>
      <dt>{name.replaceAll("_", " ")}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ParameterValue({ name, value, code }: { name: string; value: unknown; code: boolean }) {
  if (typeof value === "string") {
    // A command is approved as written: a control or bidirectional character in it is shown, not obeyed.
    if (code) return <pre className="tool-parameter-code">{visibleText(value)}</pre>;
    if (value.includes("\n") || value.length > 160)
      return <CollapsibleText text={value} testId={`tool-parameter-${name}`} />;
    return <code className="tool-parameter-inline">{value === "" ? '""' : value}</code>;
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null)
    return <code className="tool-parameter-inline">{String(value)}</code>;
  return <CollapsibleText text={JSON.stringify(value, null, 2)} testId={`tool-parameter-${name}`} />;
}

/** An Edit's replacement as removed and added lines. */
function ReplacementView({ before, after }: { before: string; after: string }) {
  return (
    <pre className="diff-view" data-testid="tool-parameter-diff">
      {before.split("\n").map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text never move
        <span key={`-${index}`} className="diff-line diff-remove" data-kind="remove">
          {`- ${line}\n`}
        </span>
      ))}
      {after.split("\n").map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text never move
        <span key={`+${index}`} className="diff-line diff-add" data-kind="add">
          {`+ ${line}\n`}
        </span>
      ))}
    </pre>
  );
}

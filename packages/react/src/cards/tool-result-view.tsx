import type { ToolResultData } from "@parley/protocol";
import { formatDuration, resultFailed, TOOL_RESULT_STATUS_WORDS, toolOutputText } from "@parley/sdk";
import { CollapsibleText } from "./collapsible-text.tsx";

/**
 * What a tool call returned: short output inline, long output cut with "Show all", errors styled as
 * errors, and a note when the server kept only the start of a very long output.
 */
export function ToolResultView({ result }: { result: ToolResultData }) {
  const output = toolOutputText(result).trimEnd();
  const failed = resultFailed(result);
  const errorMessage = result.error?.message;
  return (
    <div
      className={`tool-result${failed ? " tool-result-error" : ""}`}
      data-testid="tool-result"
      data-status={result.status}
      data-error={result.is_error ? "true" : "false"}
      data-truncated={result.output_truncated === true ? "true" : "false"}
    >
      <div className="tool-result-meta">
        <span className={`tool-result-status${failed ? " state-failed" : ""}`}>
          {TOOL_RESULT_STATUS_WORDS[result.status]}
        </span>
        {result.duration_ms !== undefined && (
          <span className="muted"> · {formatDuration(result.duration_ms)}</span>
        )}
      </div>
      {errorMessage !== undefined && errorMessage !== "" && !output.startsWith(errorMessage) && (
        <p className="tool-result-error-message" data-testid="tool-result-error" role="status">
          {errorMessage}
        </p>
      )}
      {output === "" ? (
        <p className="muted">No output.</p>
      ) : (
        <CollapsibleText text={output} testId="tool-result-output" />
      )}
      {result.output_truncated === true && (
        <p className="muted" data-testid="tool-result-truncated">
          Output cut by the server
          {result.output_chars !== undefined &&
            ` (${result.output_chars.toLocaleString()} characters in all)`}
          .
        </p>
      )}
    </div>
  );
}

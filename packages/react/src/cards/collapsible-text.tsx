import { plural } from "@parley/sdk";
import { useState } from "react";

/** Text up to this many lines (and characters) shows whole; longer text shows this much first. */
const PREVIEW_LINES = 12;
const PREVIEW_CHARS = 1500;

/**
 * Preformatted text shown whole when short, or cut to its first lines with a "Show all" toggle when long
 * (tool output, file contents). `testId` names the text; its toggle is `${testId}-expand`.
 */
export function CollapsibleText({
  text,
  testId,
  className = "",
}: {
  text: string;
  testId: string;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const lines = text.split("\n");
  const long = lines.length > PREVIEW_LINES || text.length > PREVIEW_CHARS;
  const preview = long ? lines.slice(0, PREVIEW_LINES).join("\n").slice(0, PREVIEW_CHARS) : text;
  return (
    <div className={`collapsible-text ${className}`}>
      <pre data-testid={testId} data-expanded={long ? String(expanded) : undefined}>
        {expanded || !long ? text : `${preview}…`}
      </pre>
      {long && (
        <button
          type="button"
          className="link-button"
          data-testid={`${testId}-expand`}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show less" : `Show all (${plural(lines.length, "line")})`}
        </button>
      )}
    </div>
  );
}

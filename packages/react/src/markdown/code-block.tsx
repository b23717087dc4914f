import { memo, useEffect, useMemo, useState } from "react";
import { useHighlighter } from "./use-highlighter.ts";

/**
 * A fenced code block: highlighted once the highlighter has loaded and when the language is known, with a
 * button that copies the code.
 */
export const CodeBlock = memo(function CodeBlock({ code, language }: { code: string; language?: string }) {
  const highlightCode = useHighlighter();
  const highlighted = useMemo(() => highlightCode?.(code, language), [highlightCode, code, language]);
  const label = language?.trim().split(/\s/)[0] ?? "";
  return (
    <div className="code-block" data-testid="code-block" data-language={label}>
      <div className="code-block-header">
        <span className="code-block-language">{label || "text"}</span>
        <CopyButton text={code} />
      </div>
      <pre>
        <code className={highlighted ? "hljs" : undefined}>{highlighted ?? code}</code>
      </pre>
    </div>
  );
});

function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <button
      type="button"
      className="code-copy"
      data-testid="code-copy"
      aria-label="Copy code"
      onClick={() => void copy()}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}

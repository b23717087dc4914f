/** The animated "Thinking" indicator of an agent turn whose model is still thinking. */
export function ThinkingIndicator() {
  return (
    <div className="thinking-indicator" data-testid="thinking-indicator">
      <span className="thinking-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span>Thinking</span>
    </div>
  );
}

/** Why a CLI's list could not be read, in its own words, with a way to ask again. */
export function LoadFailure({
  error,
  testId,
  onRetry,
  as: Tag = "p",
}: {
  error: string;
  testId: string;
  onRetry: () => void;
  /** `span` where the failure sits inside a label. */
  as?: "p" | "span";
}) {
  return (
    <Tag className="muted load-failure">
      <span data-testid={testId}>{error}</span>{" "}
      <button type="button" className="button" data-testid={`${testId}-retry`} onClick={onRetry}>
        Try again
      </button>
    </Tag>
  );
}

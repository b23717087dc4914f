/** A compaction that produced no summary: the request failed, or the model wrote nothing. */
export class CompactionError extends Error {
  override readonly name = "CompactionError";
}

/**
 * Keeps a command's output for the model within a character budget: the first half of the budget from the
 * start and the second half from the end (where errors usually are), noting how much was left out between.
 */
export class OutputCapture {
  private readonly head: string[] = [];
  private readonly tail: string[] = [];
  private headChars = 0;
  private tailChars = 0;
  private omittedLines = 0;
  private cutLines = 0;

  constructor(private readonly maxChars: number) {}

  /** Adds one line of output. */
  append(line: string): void {
    const half = Math.floor(this.maxChars / 2);
    if (this.omittedLines === 0 && this.tail.length === 0 && this.headChars + line.length + 1 <= half) {
      this.head.push(line);
      this.headChars += line.length + 1;
      return;
    }
    // A line too long for the tail keeps its end, where a final error message would be.
    const kept = line.length + 1 > half ? `…${line.slice(line.length - (half - 2))}` : line;
    if (kept !== line) this.cutLines += 1;
    this.tail.push(kept);
    this.tailChars += kept.length + 1;
    while (this.tailChars > half && this.tail.length > 0) {
      const dropped = this.tail.shift() as string;
      this.tailChars -= dropped.length + 1;
      this.omittedLines += 1;
    }
  }

  /** Whether some output was left out. */
  get truncated(): boolean {
    return this.omittedLines > 0 || this.cutLines > 0;
  }

  /** The kept output, with a note where lines were left out. */
  text(): string {
    const parts = [...this.head];
    if (this.omittedLines > 0) {
      parts.push(`[… ${this.omittedLines} lines of output left out …]`);
    }
    parts.push(...this.tail);
    return parts.join("\n");
  }
}

/** When conversations are compacted automatically, and how much of them stays verbatim. */
export interface CompactionSettings {
  /** The share of the model's context window the conversation may fill before a turn compacts it (0.8). */
  threshold: number;
  /** At least this many of the latest messages stay verbatim (4). */
  keepRecent: number;
}

/** The defaults: compact at 80% of the window, keep the last 4 messages. */
export const DEFAULT_COMPACTION: CompactionSettings = { threshold: 0.8, keepRecent: 4 };

import type { SpecialBlock, ToolRequestData, ToolResultData } from "@parley/protocol";
import type { ActivityItem, ChatMessage, MessageCard, SubagentTreeEntry } from "@parley/sdk";
import type { Token } from "marked";

/**
 * One piece of the conversation as the terminal shows it, in order. A block is `final` when it can no
 * longer change: it is then written to the terminal once (Ink's `<Static>`) and never redrawn. The first
 * block that is not final, and everything after it, stays in the live area at the bottom.
 */
export type TranscriptBlock = BlockBase &
  (
    | { kind: "user"; message: ChatMessage }
    | { kind: "markdown"; token: Token; end?: number }
    | { kind: "special"; block: SpecialBlock; end?: number }
    | {
        kind: "tool";
        request: ToolRequestData;
        card: MessageCard;
        result?: ToolResultData | undefined;
        item?: ActivityItem | undefined;
        subagents: SubagentTreeEntry[];
      }
    | { kind: "card"; card: MessageCard }
    | { kind: "subagents"; entries: SubagentTreeEntry[] }
    | { kind: "progress"; message: ChatMessage }
    | { kind: "footer"; message: ChatMessage }
    | { kind: "markers"; message: ChatMessage }
    | { kind: "restarted" }
    | { kind: "settled"; card: MessageCard }
  );

interface BlockBase {
  /** Stable across renders: what was printed is never printed again. */
  key: string;
  final: boolean;
  /** A blank line before the block (none between consecutive tool calls). */
  gap: boolean;
}

/** The kinds of block. */
export type BlockKind = TranscriptBlock["kind"];

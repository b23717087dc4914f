import type { ActivityItem } from "@parley/sdk";

/** The marks the terminal UI draws with, and ASCII stand-ins for terminals that cannot show them. */
export interface Glyphs {
  user: string;
  tool: string;
  done: string;
  failed: string;
  waiting: string;
  running: string;
  pointer: string;
  bullet: string;
  /** A folder of a tree whose entries show, and one whose entries are folded away. */
  folderOpen: string;
  folderClosed: string;
}

const UNICODE: Glyphs = {
  user: "›",
  tool: "⏺",
  done: "✓",
  failed: "✗",
  waiting: "‖",
  running: "◐",
  pointer: "❯",
  bullet: "•",
  folderOpen: "▾",
  folderClosed: "▸",
};
const ASCII: Glyphs = {
  user: ">",
  tool: "*",
  done: "+",
  failed: "x",
  waiting: "|",
  running: "~",
  pointer: ">",
  bullet: "-",
  folderOpen: "-",
  folderClosed: "+",
};

/** The glyph set for a theme. */
export function glyphsFor(ascii: boolean): Glyphs {
  return ascii ? ASCII : UNICODE;
}

/** The mark for a tool call's state. */
export function stateGlyph(state: ActivityItem["state"], glyphs: Glyphs): string {
  if (state === "done") return glyphs.done;
  if (state === "failed") return glyphs.failed;
  if (state === "waiting") return glyphs.waiting;
  return glyphs.running;
}

import { plural, safeText } from "@parley/sdk";
import { Box, Static, Text } from "ink";
import { memo, type ReactNode, useMemo, useRef } from "react";
import stringWidth from "string-width";
import { useChat } from "../store/services.tsx";
import { useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { BlockView } from "./block-view.tsx";
import type { TranscriptBlock } from "./blocks.ts";
import { type TranscriptPlan, TranscriptPrinter } from "./transcript-printer.ts";

/** Something written above the live area once: a transcript block, or a line of the UI's own. */
export interface PrintedItem {
  key: string;
  node: ReactNode;
}

/**
 * The conversation: what can no longer change is written once through Ink's `<Static>` (the terminal's
 * own scrollback keeps it, and it is never redrawn); what can still change (the block being streamed, a
 * running tool call, the progress line) is redrawn below it, cut to its last lines when taller than the
 * room it has. A new session starts a new printer, after a divider.
 */
export function Transcript({
  banner,
  liveRows,
}: {
  banner: ReactNode;
  /** The most rows the live part may take, so the whole frame always fits the terminal. */
  liveRows: number;
}) {
  const session = useChat((state) => state.session);
  const title = useChat((state) => state.sessions.find((item) => item.id === state.activeSessionId)?.title);
  const sessionId = session?.sessionId;
  const current = useRef<{ sessionId: string | undefined; printer: TranscriptPrinter } | undefined>(
    undefined,
  );
  const batch = useRef<{ id: number; items: PrintedItem[]; plan?: TranscriptPlan | undefined }>({
    id: 0,
    items: [{ key: "banner", node: banner }],
  });
  const items: PrintedItem[] = [];
  // A new chat's draft (id "") becomes its session once the server names it: the same conversation.
  const adopted = current.current?.sessionId === "" && sessionId !== undefined;
  if (current.current === undefined || (current.current.sessionId !== sessionId && !adopted)) {
    current.current = { sessionId, printer: new TranscriptPrinter() };
    if (sessionId !== undefined)
      items.push({
        key: `session:${batch.current.id}`,
        node: <SessionDivider title={sessionId === "" ? "New chat" : title} />,
      });
  } else if (adopted) current.current.sessionId = sessionId;
  const printer = current.current.printer;
  const messages = session?.messages;
  const plan = useMemo(
    () => (messages === undefined ? undefined : printer.plan(messages)),
    [printer, messages],
  );
  if (plan !== undefined && printer.skipped > 0 && !printer.skipNoted) {
    printer.skipNoted = true;
    items.push({
      key: `skipped:${batch.current.id}`,
      node: (
        <Text
          dimColor
        >{`${plural(printer.skipped, "earlier message")} not printed here · PgUp or /history pages back through the whole conversation`}</Text>
      ),
    });
  }
  // A render for another reason (the terminal resized, a card came or went) reuses the plan: what it
  // printed was written already.
  if (plan !== batch.current.plan)
    for (const block of plan?.print ?? []) items.push({ key: block.key, node: <BlockView block={block} /> });
  if (items.length > 0) batch.current = { id: batch.current.id + 1, items, plan };
  return (
    <>
      <Printed key={batch.current.id} items={batch.current.items} />
      {plan !== undefined && plan.live.length > 0 && <LiveBlocks blocks={plan.live} rows={liveRows} />}
    </>
  );
}

/**
 * Writes items once, above the live area. Memoized: Ink treats any re-render of `<Static>` as new output and
 * draws at once, past its frame limit, so it must re-render only when there is something new to write.
 */
const Printed = memo(function Printed({ items }: { items: readonly PrintedItem[] }) {
  return <Static items={[...items]}>{(item) => <Box key={item.key}>{item.node}</Box>}</Static>;
});

/** The line that starts a session in the transcript. */
function SessionDivider({ title }: { title: string | undefined }) {
  const theme = useTheme();
  return (
    <Box marginTop={1}>
      <Text color={theme.accent} bold>{`── ${safeText(title ?? "Session")} ──`}</Text>
    </Box>
  );
}

/**
 * The blocks that can still change. Only the block being streamed can grow without bound; when the live
 * part would be taller than `rows`, that block shows its last lines (it is written whole once it closes).
 */
function LiveBlocks({ blocks, rows }: { blocks: readonly TranscriptBlock[]; rows: number }) {
  const { columns } = useDisplay();
  let budget = rows;
  const shown = blocks.map((block) => {
    if (block.kind !== "markdown") {
      budget -= 2;
      return block;
    }
    return block;
  });
  return (
    <Box flexDirection="column">
      {shown.map((block) =>
        block.kind === "markdown" && rowsOf(block.token.raw, columns) > Math.max(3, budget) ? (
          <TailOfBlock
            key={block.key}
            text={block.token.raw}
            rows={Math.max(3, budget)}
            columns={columns}
            gap={block.gap}
          />
        ) : (
          <BlockView key={block.key} block={block} />
        ),
      )}
    </Box>
  );
}

/** How many terminal rows a text takes at a width. */
function rowsOf(text: string, columns: number): number {
  let rows = 0;
  for (const line of text.split("\n"))
    rows += Math.max(1, Math.ceil(stringWidth(line) / Math.max(1, columns)));
  return rows;
}

/** The last rows of a block still streaming that is taller than the screen allows. */
function TailOfBlock({
  text,
  rows,
  columns,
  gap,
}: {
  text: string;
  rows: number;
  columns: number;
  gap: boolean;
}) {
  const lines = safeText(text).replace(/\n+$/, "").split("\n");
  const tail: string[] = [];
  let used = 1;
  for (let index = lines.length - 1; index >= 0 && used < rows; index--) {
    const line = lines[index] ?? "";
    used += Math.max(1, Math.ceil(stringWidth(line) / Math.max(1, columns)));
    tail.unshift(line);
  }
  return (
    <Box flexDirection="column" marginTop={gap ? 1 : 0}>
      <Text
        dimColor
      >{`… ${plural(lines.length - tail.length, "line")} above, shown whole when this block is done`}</Text>
      <Text>{tail.join("\n")}</Text>
    </Box>
  );
}

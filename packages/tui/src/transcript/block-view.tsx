import { OUTCOME_NOTES, readSystemControl, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { CardView, SpecialBlockView } from "../cards/card-view.tsx";
import { SettledLine } from "../cards/settled-line.tsx";
import { SubagentTreeView } from "../cards/subagent-tree-view.tsx";
import { ToolCallView } from "../cards/tool-call-view.tsx";
import { MarkdownBlockView } from "../markdown/markdown-block.tsx";
import { useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import type { TranscriptBlock } from "./blocks.ts";
import { TurnProgress } from "./turn-progress.tsx";

/** One block of the transcript, printed once when final or redrawn in the live area until then. */
export function BlockView({ block }: { block: TranscriptBlock }) {
  return (
    <Box flexDirection="column" marginTop={block.gap ? 1 : 0}>
      <BlockBody block={block} />
    </Box>
  );
}

function BlockBody({ block }: { block: TranscriptBlock }) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { columns } = useDisplay();
  switch (block.kind) {
    case "user":
      return (
        <Box flexDirection="row">
          <Text color={theme.user} bold>{`${glyphs.user} `}</Text>
          <Box flexDirection="column" flexShrink={1}>
            <Text color={theme.user}>{safeText(block.message.text)}</Text>
            {block.message.pending === true && block.message.error === undefined && (
              <Text dimColor>sending…</Text>
            )}
            {block.message.error !== undefined && (
              <Text color={theme.danger}>{`Not sent: ${safeText(block.message.error)}`}</Text>
            )}
          </Box>
        </Box>
      );
    case "markdown":
      return <MarkdownBlockView token={block.token} width={columns} />;
    case "special":
      return <SpecialBlockView block={block.block} />;
    case "tool":
      return (
        <ToolCallView
          request={block.request}
          item={block.item}
          result={block.result}
          subagents={block.subagents}
        />
      );
    case "card":
      return <CardView card={block.card} live={!block.final} />;
    case "subagents":
      return <SubagentTreeView entries={block.entries} />;
    case "progress":
      return <TurnProgress message={block.message} />;
    case "footer": {
      const note = block.message.outcome === undefined ? undefined : OUTCOME_NOTES[block.message.outcome];
      return (
        <Box flexDirection="column">
          {block.message.error !== undefined && (
            <Text color={theme.danger}>{safeText(block.message.error)}</Text>
          )}
          {note !== undefined && <Text color={theme.warning}>{note}</Text>}
          {block.message.error === undefined && note === undefined && (
            <Text dimColor italic>
              Empty message
            </Text>
          )}
        </Box>
      );
    }
    case "markers":
      return (
        <Box flexDirection="column">
          {(block.message.cards ?? []).map((card) => {
            const control = readSystemControl(card.rich.data);
            return control === undefined ? null : <CardView key={card.id} card={card} />;
          })}
        </Box>
      );
    case "restarted":
      return (
        <Text dimColor>
          ↻ The model's answer started over (its request was retried); the new answer follows.
        </Text>
      );
    case "settled":
      return <SettledLine card={block.card} />;
  }
}

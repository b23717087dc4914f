import type { MessageAttachment, ProjectStructureData, ProjectStructureType } from "@parley/protocol";
import {
  allFolders,
  apiMessage,
  initiallyOpenFolders,
  STRUCTURE_ATTACHMENT_ENTRIES,
  STRUCTURE_TITLES,
  safeText,
  visibleTreeRows,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useMemo, useState } from "react";
import {
  clampOffset,
  ProjectStructureView,
  structureLines,
  type TreeFolds,
} from "../cards/project-structure-view.tsx";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useLiveState } from "../input/use-live-state.ts";
import { TabTitles } from "../overlays/tab-titles.tsx";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";

const TYPES: readonly ProjectStructureType[] = ["tree", "file_list", "dependencies"];
/** The key that picks each view directly. */
const TYPE_KEYS: Record<string, ProjectStructureType> = { t: "tree", f: "file_list", d: "dependencies" };

/** The folders a person opened, for the structure they opened them in. */
interface ChosenFolds {
  of: ProjectStructureData;
  open: ReadonlySet<string>;
}

/** The open folders of a tree: as chosen in it, else the first two levels; none for other structures. */
function openFolders(
  structure: ProjectStructureData | undefined,
  chosen: ChosenFolds | undefined,
): ReadonlySet<string> | undefined {
  if (structure?.structure_type !== "tree") return undefined;
  return chosen?.of === structure ? chosen.open : initiallyOpenFolders(structure.content);
}

/**
 * The Project view (`/project`): the project's tree, files and dependencies read through
 * `GET /api/workspace/structure` without asking the agent, drawn as the chat draws the card. A cursor moves
 * with ↑/↓ and PgUp/PgDn and the rows scroll to keep it in view; in the tree, Enter folds or unfolds the
 * folder under it and `e`/`c` open or fold every folder, as the web's tree does; `s` attaches what was read to
 * the next message, as `/structure` does.
 */
export function ProjectView({
  height,
  onShare,
  onClose,
}: {
  /** Rows of the structure on screen at once. */
  height: number;
  onShare: (attachment: MessageAttachment) => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const claims = useKeyClaims();
  const { store } = useServices();
  const [type, setType] = useState<ProjectStructureType>("tree");
  const [read, setRead] = useState<ProjectStructureData | undefined>();
  // The one read for another view stays until this one's arrives, and is not shown meanwhile.
  const structure = read?.structure_type === type ? read : undefined;
  const [failure, setFailure] = useState<string | undefined>();
  const [offset, setOffset] = useState(0);
  // Live: keys typed faster than the screen redraws (↓ then Enter) act on where the last key left things.
  const [cursor, setCursor, readCursor] = useLiveState(0);
  const [revision, setRevision] = useState(0);
  // Which folders are open, for the tree they were chosen in; a tree read again opens as at first.
  const [chosenFolds, setChosenFolds, readChosenFolds] = useLiveState<ChosenFolds | undefined>(undefined);
  const folds = useMemo((): TreeFolds | undefined => {
    const open = openFolders(structure, chosenFolds);
    return open && { open, marks: { open: glyphs.folderOpen, closed: glyphs.folderClosed } };
  }, [structure, chosenFolds, glyphs]);

  useEffect(() => {
    let cancelled = false;
    void revision;
    setFailure(undefined);
    setOffset(0);
    setCursor(0);
    store.client.getProjectStructure({ type, maxEntries: STRUCTURE_ATTACHMENT_ENTRIES }).then(
      (message) => !cancelled && setRead(message.data),
      (error: unknown) => !cancelled && setFailure(`Could not read the project: ${apiMessage(error)}`),
    );
    return () => {
      cancelled = true;
    };
  }, [store, type, revision, setCursor]);

  const rows = useMemo(
    () => (structure === undefined ? 0 : structureLines(structure, folds).length),
    [structure, folds],
  );
  /** The rows as the last key left them, and the cursor's row among them. */
  const live = () => {
    const open = openFolders(structure, readChosenFolds());
    const count =
      structure === undefined
        ? 0
        : open !== undefined && structure.structure_type === "tree"
          ? visibleTreeRows(structure.content, open).length
          : rows;
    return { open, count, at: Math.max(0, Math.min(readCursor(), count - 1)) };
  };
  const moveTo = (row: number, count = live().count) => {
    const next = Math.max(0, Math.min(row, count - 1));
    setCursor(next);
    // The rows scroll only as far as keeps the cursor in view.
    setOffset((current) => {
      const shown = clampOffset({ offset: current, height }, count);
      return next < shown ? next : next >= shown + height ? next - height + 1 : shown;
    });
  };
  const fold = (open: ReadonlySet<string>) =>
    structure !== undefined && setChosenFolds({ of: structure, open });
  const toggleFolder = () => {
    const { open, at } = live();
    if (structure?.structure_type !== "tree" || open === undefined) return;
    const row = visibleTreeRows(structure.content, open)[at];
    if (row?.kind !== "folder") return;
    const next = new Set(open);
    if (!next.delete(row.node.path)) next.add(row.node.path);
    fold(next);
  };

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    const index = TYPES.indexOf(type);
    if (key.rightArrow || key.tab) return setType(TYPES[(index + 1) % TYPES.length] ?? "tree");
    if (key.leftArrow) return setType(TYPES[(index + TYPES.length - 1) % TYPES.length] ?? "tree");
    const chosen = TYPE_KEYS[input];
    if (chosen !== undefined) return setType(chosen);
    const { at, count } = live();
    if (key.upArrow) return moveTo(at - 1, count);
    if (key.downArrow) return moveTo(at + 1, count);
    if (key.pageUp) return moveTo(at - height, count);
    if (key.pageDown || input === " ") return moveTo(at + height, count);
    if (key.home || input === "g") return moveTo(0, count);
    if (key.end || input === "G") return moveTo(count - 1, count);
    if (key.return) return toggleFolder();
    if (input === "e" && structure?.structure_type === "tree")
      return fold(new Set(allFolders(structure.content)));
    if (input === "c" && structure?.structure_type === "tree") {
      moveTo(0, count);
      return fold(new Set([structure.content.path]));
    }
    if (input === "r") return setRevision((value) => value + 1);
    if (input === "s" && structure !== undefined) {
      onShare({ kind: "ProjectStructure", data: structure });
      onClose();
    }
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <TabTitles
        name="Project"
        tabs={TYPES.map((id) => ({ id, title: STRUCTURE_TITLES[id] }))}
        current={type}
      />
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure)}</Text>}
      {structure === undefined && failure === undefined && <Text dimColor>Reading the project…</Text>}
      {structure !== undefined && (
        <ProjectStructureView
          structure={structure}
          window={{ offset, height }}
          folds={folds}
          cursor={{ row: Math.max(0, Math.min(cursor, rows - 1)), pointer: glyphs.pointer }}
        />
      )}
      {keysAttached && (
        <Text dimColor>
          {`←/→ t/f/d view · ↑/↓ PgUp/PgDn move${folds === undefined ? "" : " · Enter folds · e/c open/fold all"} · s share in chat · r reload · Esc closes`}
        </Text>
      )}
    </Box>
  );
}

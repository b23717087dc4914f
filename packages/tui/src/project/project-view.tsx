import type { MessageAttachment, ProjectStructureData, ProjectStructureType } from "@parley/protocol";
import { STRUCTURE_ATTACHMENT_ENTRIES, STRUCTURE_TITLES } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useMemo, useState } from "react";
import { clampOffset, ProjectStructureView, structureLines } from "../cards/project-structure-view.tsx";
import { apiMessage } from "../composer/api-message.ts";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useServices } from "../store/services.tsx";
import { safeText } from "../terminal/safe-text.ts";
import { useTheme } from "../theme/theme.ts";

const TYPES: readonly ProjectStructureType[] = ["tree", "file_list", "dependencies"];
/** The key that picks each view directly. */
const TYPE_KEYS: Record<string, ProjectStructureType> = { t: "tree", f: "file_list", d: "dependencies" };

/**
 * The Project view (`/project`): the project's tree, files and dependencies read through
 * `GET /api/workspace/structure` without asking the agent, drawn as the chat draws the card, scrolled with
 * ↑/↓ and PgUp/PgDn; `s` attaches what is shown to the next message, as `/structure` does.
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
  const claims = useKeyClaims();
  const { store } = useServices();
  const [type, setType] = useState<ProjectStructureType>("tree");
  const [read, setRead] = useState<ProjectStructureData | undefined>();
  // The one read for another view stays until this one's arrives, and is not shown meanwhile.
  const structure = read?.structure_type === type ? read : undefined;
  const [failure, setFailure] = useState<string | undefined>();
  const [offset, setOffset] = useState(0);
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void revision;
    setFailure(undefined);
    setOffset(0);
    store.client.getProjectStructure({ type, maxEntries: STRUCTURE_ATTACHMENT_ENTRIES }).then(
      (message) => !cancelled && setRead(message.data),
      (error: unknown) => !cancelled && setFailure(`Could not read the project: ${apiMessage(error)}`),
    );
    return () => {
      cancelled = true;
    };
  }, [store, type, revision]);

  const rows = useMemo(
    () => (structure === undefined ? 0 : structureLines(structure, true).length),
    [structure],
  );
  const scroll = (by: number) =>
    setOffset((current) =>
      clampOffset({ offset: clampOffset({ offset: current, height }, rows) + by, height }, rows),
    );

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    const index = TYPES.indexOf(type);
    if (key.rightArrow || key.tab) return setType(TYPES[(index + 1) % TYPES.length] ?? "tree");
    if (key.leftArrow) return setType(TYPES[(index + TYPES.length - 1) % TYPES.length] ?? "tree");
    const chosen = TYPE_KEYS[input];
    if (chosen !== undefined) return setType(chosen);
    if (key.upArrow) return scroll(-1);
    if (key.downArrow) return scroll(1);
    if (key.pageUp) return scroll(-height);
    if (key.pageDown || input === " ") return scroll(height);
    if (key.home || input === "g") return setOffset(0);
    if (key.end || input === "G") return setOffset(Math.max(0, rows - height));
    if (input === "r") return setRevision((value) => value + 1);
    if (input === "s" && structure !== undefined) {
      onShare({ kind: "ProjectStructure", data: structure });
      onClose();
    }
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text>
        <Text bold color={theme.accent}>
          Project
        </Text>
        {TYPES.map((candidate) => (
          <Text key={candidate} bold={candidate === type} dimColor={candidate !== type}>
            {candidate === type ? `  [${STRUCTURE_TITLES[candidate]}]` : `  ${STRUCTURE_TITLES[candidate]}`}
          </Text>
        ))}
      </Text>
      {failure !== undefined && <Text color={theme.danger}>{safeText(failure)}</Text>}
      {structure === undefined && failure === undefined && <Text dimColor>Reading the project…</Text>}
      {structure !== undefined && <ProjectStructureView structure={structure} window={{ offset, height }} />}
      {keysAttached && (
        <Text dimColor>←/→ t/f/d view · ↑/↓ PgUp/PgDn scroll · s share in chat · r reload · Esc closes</Text>
      )}
    </Box>
  );
}

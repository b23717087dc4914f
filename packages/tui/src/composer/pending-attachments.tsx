import { attachmentLabel, type MessageAttachment, type ProjectStructureData } from "@parley/protocol";
import { folderEntryCount, plural, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";

/** How much an attached structure holds, in the words a person counts it by. */
function sizeOf(structure: ProjectStructureData): string {
  if (structure.structure_type === "file_list") return plural(structure.content.length, "file");
  if (structure.structure_type === "dependencies")
    return plural(structure.content.dependencies.length, "package");
  return plural(folderEntryCount(structure.content), "entry", "entries");
}

/**
 * Above the message box: each card attached to the message being written (by `/structure` or the Project
 * view), sent with it on Enter; Backspace in the empty box removes the last.
 */
export function PendingAttachments({
  attachments,
  attaching,
  error,
}: {
  attachments: readonly MessageAttachment[];
  attaching: boolean;
  error: string | undefined;
}) {
  const theme = useTheme();
  if (attachments.length === 0 && !attaching && error === undefined) return null;
  return (
    <Box flexDirection="column" paddingX={1}>
      {error !== undefined && <Text color={theme.danger}>{safeText(error)}</Text>}
      {attachments.map((attachment, index) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: the same structure may be attached twice
          key={index}
        >
          <Text color={theme.accent}>{"+ "}</Text>
          <Text bold>{attachmentLabel(attachment)}</Text>
          <Text dimColor>{` ${safeText(attachment.data.root_path)} · ${sizeOf(attachment.data)}`}</Text>
        </Text>
      ))}
      {attaching && <Text dimColor>Reading the project…</Text>}
      {attachments.length > 0 && (
        <Text dimColor>
          {`Attached to your next message (Enter sends${attachments.length > 1 ? " them" : " it"}; Backspace in the empty box removes the last)`}
        </Text>
      )}
    </Box>
  );
}

import { safeText } from "@parley/sdk";
import { Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { useMission } from "./use-mission.ts";

/**
 * The project's mission above the message box, as the web chat shows it above the conversation: the goal
 * every run is told and idle prompts nudge toward. Nothing when none is set.
 */
export function MissionLine() {
  const theme = useTheme();
  const mission = useMission();
  if (mission === null || mission === undefined) return null;
  return (
    <Text wrap="truncate-end">
      <Text bold color={theme.accent}>
        Mission
      </Text>
      <Text>{` ${safeText(mission.text.replace(/\s+/g, " "))}`}</Text>
      <Text dimColor> (/mission changes it)</Text>
    </Text>
  );
}

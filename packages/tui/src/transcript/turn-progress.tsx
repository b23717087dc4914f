import { type ChatMessage, displayPhase, isTransientStatus, plural, safeText } from "@parley/sdk";
import { Text } from "ink";
import { useEffect, useState } from "react";
import { useTheme } from "../theme/theme.ts";

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const ASCII_FRAMES = ["-", "\\", "|", "/"];

/** A running turn's one live line: a spinner, what the agent does now, how long it has run, and how to stop it. */
export function TurnProgress({ message }: { message: ChatMessage }) {
  const theme = useTheme();
  const frame = useFrame(true);
  const phase = displayPhase(message);
  const frames = theme.ascii ? ASCII_FRAMES : FRAMES;
  const waiting = (message.activityItems ?? []).some((item) => item.state === "waiting");
  const headline = waiting
    ? "Waiting for your approval"
    : phase === "thinking"
      ? "Thinking"
      : phase === "working" && !isTransientStatus(message.activitySummary)
        ? safeText(message.activitySummary ?? "Working")
        : phase === "streaming"
          ? "Answering"
          : "Working";
  const started = message.timestampMs;
  const seconds = started === undefined ? undefined : Math.max(0, Math.floor((Date.now() - started) / 1000));
  return (
    <Text>
      <Text color={theme.accent}>{`${frames[frame % frames.length]} `}</Text>
      <Text>{headline}…</Text>
      <Text dimColor>
        {seconds !== undefined && ` ${seconds}s`}
        {message.toolCount !== undefined &&
          message.toolCount > 0 &&
          ` · ${plural(message.toolCount, "tool")}`}
        {" · esc to stop"}
      </Text>
    </Text>
  );
}

/** An animation frame counter, ticking while `active`. */
function useFrame(active: boolean): number {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setFrame((value) => value + 1), 120);
    return () => clearInterval(timer);
  }, [active]);
  return frame;
}

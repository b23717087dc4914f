import type { Mission } from "@parley/protocol";
import { useChatStore } from "@parley/react";
import { useEffect, useState } from "react";
import { defaultMissionApi, type MissionApi } from "../settings/mission-section.tsx";

/**
 * The project's mission above the conversation, so the person sees the goal the agents work toward (and
 * idle prompts nudge them to). Reloads whenever the stream says the mission changed; hidden when none is set.
 */
export function MissionLine({ api = defaultMissionApi(), onOpen }: { api?: MissionApi; onOpen: () => void }) {
  const revision = useChatStore((state) => state.missionRevision ?? 0);
  const [mission, setMission] = useState<Mission | null>(null);
  useEffect(() => {
    let cancelled = false;
    // Reloaded for each mission change the stream announces.
    void revision;
    api
      .active()
      .then((active) => {
        if (!cancelled) setMission(active);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [api, revision]);
  if (mission === null) return null;
  return (
    <div className="mission-line" data-testid="chat-mission" title="The project's mission">
      <span className="badge">Mission</span>
      <span className="mission-line-text">{mission.text}</span>
      <button type="button" className="button button-small" onClick={onOpen}>
        Change
      </button>
    </div>
  );
}

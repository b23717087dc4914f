import type { Mission } from "@parley/protocol";
import { useEffect, useState } from "react";
import { useChat, useServices } from "../store/services.tsx";

/**
 * The project's active mission (null when none is set, undefined until read), read again whenever the
 * stream says it changed (set here, in a browser, or by `parley` elsewhere).
 */
export function useMission(): Mission | null | undefined {
  const { missions } = useServices();
  const revision = useChat((state) => state.missionRevision ?? 0);
  const [mission, setMission] = useState<Mission | null | undefined>();
  useEffect(() => {
    let cancelled = false;
    // Read again for each change the stream announces.
    void revision;
    missions.active().then(
      (active) => !cancelled && setMission(active),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [missions, revision]);
  return mission;
}

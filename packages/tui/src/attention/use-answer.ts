import type { ApiErrorIssue } from "@parley/protocol";
import type { InteractionOutcome } from "@parley/sdk";
import { useState } from "react";

/** A card's answer in flight: whether it is sending, and the server's objection when it failed. */
export function useAnswer() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; issues: ApiErrorIssue[] } | undefined>();
  const [conflict, setConflict] = useState(false);
  const send = async (answer: () => Promise<InteractionOutcome>) => {
    setSending(true);
    setFailure(undefined);
    const outcome = await answer();
    setSending(false);
    if (outcome.status === "failed") setFailure({ message: outcome.message, issues: outcome.issues });
    if (outcome.status === "conflict") setConflict(true);
    return outcome;
  };
  return { sending, failure, conflict, send, clearFailure: () => setFailure(undefined) };
}

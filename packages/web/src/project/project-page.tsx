import type { ProjectStructureData, ProjectStructureType } from "@parley/protocol";
import { ProjectStructureCard, useChatActions } from "@parley/react";
import { ParleyClient, STRUCTURE_TITLES } from "@parley/sdk";
import { useEffect, useState } from "react";

const client = new ParleyClient();
const TYPES: ProjectStructureType[] = ["tree", "file_list", "dependencies"];

/**
 * The Project view: the project's tree, files and dependencies read through `GET /api/workspace/structure`
 * without asking the agent, each as the same card the chat shows, and "Share in chat", which sends the
 * structure to the agent of the open session (or a new one) as a card in the person's message; the
 * agent reads it as text.
 */
export function ProjectPage({ onShared }: { onShared: () => void }) {
  const actions = useChatActions();
  const [type, setType] = useState<ProjectStructureType>("tree");
  const [structure, setStructure] = useState<ProjectStructureData | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sharing, setSharing] = useState(false);
  useEffect(() => {
    let cancelled = false;
    setStructure(undefined);
    setFailure(undefined);
    client.getProjectStructure({ type }).then(
      (message) => !cancelled && setStructure(message.data),
      (error: Error) => !cancelled && setFailure(`Could not read the project: ${error.message}`),
    );
    return () => {
      cancelled = true;
    };
  }, [type]);
  const share = async () => {
    if (structure === undefined) return;
    setSharing(true);
    try {
      await actions.sendMessage("", { attachments: [{ kind: "ProjectStructure", data: structure }] });
      onShared();
    } catch (error) {
      setFailure(`Could not share it: ${(error as Error).message}`);
    } finally {
      setSharing(false);
    }
  };
  return (
    <main className="settings-page project-page" data-testid="project-page" aria-labelledby="project-title">
      <div className="settings-header">
        <h1 id="project-title">Project</h1>
        <button
          type="button"
          className="button"
          data-testid="project-share"
          disabled={structure === undefined || sharing}
          onClick={() => void share()}
        >
          Share in chat
        </button>
      </div>
      <div className="project-tabs" role="tablist" aria-label="What to show">
        {TYPES.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            className="button button-small"
            data-testid={`project-tab-${candidate}`}
            aria-selected={candidate === type}
            onClick={() => setType(candidate)}
          >
            {STRUCTURE_TITLES[candidate]}
          </button>
        ))}
      </div>
      {failure !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="project-error">
          {failure}
        </p>
      )}
      {structure === undefined && failure === undefined && <p className="muted">Reading the project…</p>}
      {structure !== undefined && <ProjectStructureCard structure={structure} />}
    </main>
  );
}

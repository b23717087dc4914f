import type { McpServerView } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import { useChat, useServices } from "../store/services.tsx";

/** A project `.mcp.json` entry the person has to decide on: one asking to start, or one named like theirs. */
export function waitsForThePerson(server: McpServerView): boolean {
  return server.source === "project" && (server.status === "needs_approval" || server.status === "shadowed");
}

/**
 * The project's MCP entries waiting for the person, as the web's notice lists them (`GET /api/mcp/servers`),
 * loaded again whenever the server announces an MCP change and after `reload()`.
 */
export function useWaitingMcpServers(): { waiting: McpServerView[]; reload: () => void } {
  const { store } = useServices();
  const revision = useChat((state) => state.mcpRevision ?? 0);
  const [waiting, setWaiting] = useState<McpServerView[]>([]);
  const [asked, setAsked] = useState(0);
  const reload = useCallback(() => setAsked((count) => count + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` and `asked` are the reasons to reload
  useEffect(() => {
    let live = true;
    store.client.listMcpServers().then(
      (list) => {
        if (live) setWaiting(list.servers.filter(waitsForThePerson));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [store, revision, asked]);
  return { waiting, reload };
}

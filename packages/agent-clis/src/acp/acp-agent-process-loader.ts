import type { AcpAgentProcess } from "./acp-agent-process.ts";

/**
 * The ACP client class, imported on first use: the ACP SDK builds its zod schemas when loaded (about a fifth
 * of a second), which a server that never drives an agent over ACP should not pay at start.
 */
export async function loadAcpAgentProcess(): Promise<typeof AcpAgentProcess> {
  return (await import("./acp-agent-process.ts")).AcpAgentProcess;
}

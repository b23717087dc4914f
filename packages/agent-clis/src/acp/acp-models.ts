import type { ModelListResult } from "@parley/protocol";
import { describeFailure } from "../run-cli.ts";
import type { AcpLaunch } from "./acp-agent-process.ts";
import { loadAcpAgentProcess } from "./acp-agent-process-loader.ts";
import { acpErrorText } from "./acp-error-text.ts";

/**
 * The models an ACP agent offers in a project, from the `session/new` response of a session opened only to
 * ask (no prompt is sent, so the CLI records nothing). Never throws: a CLI that fails says why.
 */
export async function listModelsOverAcp(launch: AcpLaunch, cwd: string): Promise<ModelListResult> {
  const agent = new (await loadAcpAgentProcess())({ ...launch, sessionOptions: {} }, cwd);
  const limit = setTimeout(() => agent.kill(), launch.timeoutMs);
  let error: string | null = null;
  try {
    await agent.open(null, cwd);
  } catch (failure) {
    error = acpErrorText(failure);
  }
  clearTimeout(limit);
  const exit = await agent.close();
  if (error === null && agent.models !== undefined)
    return { success: true, models: agent.models.models, current_model: agent.models.current };
  const crashed =
    exit.end !== "exited" || exit.code !== 0 ? describeFailure(launch.label, launch, exit) : null;
  const reason = error ?? "it named no models when the session started";
  return {
    success: false,
    models: [],
    current_model: null,
    error_message: crashed ?? `${launch.label} did not list its models over ACP: ${reason}`,
  };
}

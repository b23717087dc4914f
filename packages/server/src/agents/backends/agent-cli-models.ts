import type { AgentCliName, ModelListResult } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import type { ServerContext } from "../../server-context.ts";
import { openAgentCli } from "./agent-cli-backends.ts";

/** How long a CLI's model list is kept before it is asked again (a CLI update or a new provider adds models). */
const KEEP_MS = 10 * 60 * 1000;

/**
 * The models each agent CLI offers, per project: asking a CLI starts it (several seconds for some), so the
 * list is asked once, shared by every request while it is being asked, and kept for a while. A failure is
 * not kept: the next request asks again.
 */
export class AgentCliModels {
  readonly #lists = new Map<string, { listed: Promise<ModelListResult>; atMs: number }>();

  /** The CLI's models for the server's project; a CLI that cannot list them answers 503 with its words. */
  async list(context: ServerContext, name: AgentCliName): Promise<ModelListResult> {
    const key = `${name}\u0000${context.projectRoot}`;
    const known = this.#lists.get(key);
    const fresh = known !== undefined && context.now() - known.atMs < KEEP_MS;
    const entry = fresh ? known : { listed: this.#ask(context, name), atMs: context.now() };
    this.#lists.set(key, entry);
    const result = await entry.listed;
    if (result.success) return result;
    if (this.#lists.get(key) === entry) this.#lists.delete(key);
    throw new ApiError("unavailable", result.error_message ?? `${name} could not list its models`);
  }

  async #ask(context: ServerContext, name: AgentCliName): Promise<ModelListResult> {
    const cli = await openAgentCli(name, context);
    return cli.listModels(context.projectRoot);
  }
}

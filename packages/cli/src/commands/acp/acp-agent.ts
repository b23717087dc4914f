import { realpath, stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import {
  type AgentApp,
  agent,
  type ClientCapabilities,
  PROTOCOL_VERSION,
  RequestError,
} from "@agentclientprotocol/sdk";
import { PARLEY_VERSION } from "@parley/engine";
import type { MessageParam } from "@parley/protocol";
import { CliSessionStore } from "../run/stream-json/cli-session-store.ts";
import { AcpSession, type AcpSessionOptions } from "./acp-session.ts";

/** What every session of one `parley acp` process shares. */
export type AcpAgentOptions = AcpSessionOptions["agent"];

/**
 * Parley as an ACP agent: the handlers of the official SDK's agent side. Sessions are Parley's agent in
 * the editor's project; they are kept as `parley run` keeps its conversations, so `session/load` (and
 * `parley run --resume`) continue them. The SDK validates every request's params against the ACP schema
 * and answers unknown methods and malformed JSON-RPC itself.
 */
export function acpAgent(options: AcpAgentOptions): { app: AgentApp; close(): Promise<void> } {
  const sessions = new Map<string, AcpSession>();
  const store = new CliSessionStore(options.home);
  let capabilities: ClientCapabilities = {};

  const sessionFor = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session) throw RequestError.sessionNotFound(sessionId);
    return session;
  };
  // Parley keys a project by its real path (as the server does), so a symlinked checkout is one project.
  const projectOf = async (cwd: string): Promise<string> => {
    if (!isAbsolute(cwd)) throw RequestError.invalidParams({ cwd }, "cwd must be an absolute path");
    const real = await realpath(cwd).catch(() => undefined);
    if (real === undefined || !(await stat(real)).isDirectory()) {
      throw RequestError.invalidParams({ cwd }, "cwd is not a directory");
    }
    return real;
  };

  const app = agent({ name: "parley" })
    .onRequest("initialize", ({ params }) => {
      capabilities = params.clientCapabilities ?? {};
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { embeddedContext: true, image: false, audio: false },
          mcpCapabilities: { http: true, sse: true },
          sessionCapabilities: { list: {} },
        },
        authMethods: [],
        agentInfo: { name: "parley", title: "Parley", version: PARLEY_VERSION },
      };
    })
    .onRequest("session/new", async ({ params, client }) => {
      const cwd = await projectOf(params.cwd);
      const session = await open({ client, cwd, mcpServers: params.mcpServers });
      return { sessionId: session.id, modes: session.modes() };
    })
    .onRequest("session/load", async ({ params, client }) => {
      const cwd = await projectOf(params.cwd);
      if (sessions.has(params.sessionId)) {
        throw RequestError.invalidRequest({ sessionId: params.sessionId }, "this session is already open");
      }
      const stored = await store.load(params.sessionId);
      // A session of another project is not this editor's to read.
      if (stored === undefined || stored.cwd !== cwd) throw RequestError.sessionNotFound(params.sessionId);
      const session = await open({ client, cwd, mcpServers: params.mcpServers, resume: params.sessionId });
      await session.replay();
      return { modes: session.modes() };
    })
    .onRequest("session/list", async ({ params }) => {
      const cwd = params.cwd ? await projectOf(params.cwd) : undefined;
      const stored = await store.list(cwd);
      return {
        sessions: stored.map((session) => ({
          sessionId: session.session_id,
          cwd: session.cwd,
          title: sessionTitle(session.history),
          updatedAt: new Date(session.updated_at_ms).toISOString(),
        })),
      };
    })
    .onRequest("session/set_mode", ({ params }) => {
      sessionFor(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest("session/prompt", ({ params }) => sessionFor(params.sessionId).prompt(params.prompt))
    .onNotification("session/cancel", ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });

  async function open(request: Omit<AcpSessionOptions, "agent" | "capabilities">): Promise<AcpSession> {
    const session = await AcpSession.open({ ...request, agent: options, capabilities });
    sessions.set(session.id, session);
    return session;
  }

  return {
    app,
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.close()));
    },
  };
}

/** A stored session's title: its first message, on one line, cut near 60 characters. */
function sessionTitle(history: readonly MessageParam[]): string | null {
  const first = history.find((message) => message.role === "user");
  const text = historyText(first?.content).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return text.length <= 60 ? text : `${text.slice(0, 59).trimEnd()}…`;
}

function historyText(content: MessageParam["content"] | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .flatMap((block) => (block.type === "text" ? [(block as { text: string }).text] : []))
    .join(" ");
}

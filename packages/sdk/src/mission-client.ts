import {
  ActiveMissionSchema,
  type AgentOverride,
  AgentOverrideSchema,
  AgentOverrideViewSchema,
  decodeWith,
  type Mission,
  MissionHistorySchema,
  MissionSchema,
  type SetAgentOverrideRequest,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "@parley/protocol";
import { HttpTransport, type HttpTransportOptions } from "./http-transport.ts";
import { checkedBody } from "./request-checks.ts";

/** Per-call options of `MissionClient`. */
export interface MissionRequestOptions {
  signal?: AbortSignal;
}

/**
 * The project's mission (seed 002): the active one, its history, setting and clearing it; and an agent's
 * overrides for the project (its model and instructions). Same transport as `ParleyClient` (same origin
 * with the session cookie by default, or a base URL and token).
 */
export class MissionClient {
  readonly #http: HttpTransport;

  constructor(options: HttpTransportOptions = {}) {
    this.#http = new HttpTransport(options);
  }

  /** `GET /api/mission`: the active mission, or null. */
  async active(options: MissionRequestOptions = {}): Promise<Mission | null> {
    const body = await this.#http.json("GET", "/api/mission", {
      ...options,
      decode: (value) => decodeWith(ActiveMissionSchema, value),
    });
    return body.mission;
  }

  /** `GET /api/missions`: every mission of the project, newest first. */
  async history(options: MissionRequestOptions = {}): Promise<Mission[]> {
    const body = await this.#http.json("GET", "/api/missions", {
      ...options,
      decode: (value) => decodeWith(MissionHistorySchema, value),
    });
    return body.missions;
  }

  /** `POST /api/mission`: sets the active mission (the previous one is cleared). */
  async set(text: string, options: MissionRequestOptions = {}): Promise<Mission> {
    return this.#http.json("POST", "/api/mission", {
      ...options,
      body: checkedBody(SetMissionRequestSchema, { text }, "POST", "/api/mission"),
      decode: (value) => decodeWith(MissionSchema, value),
    });
  }

  /** `DELETE /api/mission`: clears the active mission; returns it (null when there was none). */
  async clear(options: MissionRequestOptions = {}): Promise<Mission | null> {
    const body = await this.#http.json("DELETE", "/api/mission", {
      ...options,
      decode: (value) => decodeWith(ActiveMissionSchema, value),
    });
    return body.mission;
  }

  /** `GET /api/agent-override?agent_id=`: an agent's overrides for this project, or null. */
  async override(agentId: string, options: MissionRequestOptions = {}): Promise<AgentOverride | null> {
    const body = await this.#http.json("GET", "/api/agent-override", {
      ...options,
      query: { agent_id: agentId },
      decode: (value) => decodeWith(AgentOverrideViewSchema, value),
    });
    return body.override;
  }

  /** `POST /api/agent-override`: replaces an agent's overrides (fields left out no longer apply). */
  async setOverride(
    request: SetAgentOverrideRequest,
    options: MissionRequestOptions = {},
  ): Promise<AgentOverride> {
    return this.#http.json("POST", "/api/agent-override", {
      ...options,
      body: checkedBody(SetAgentOverrideRequestSchema, request, "POST", "/api/agent-override"),
      decode: (value) => decodeWith(AgentOverrideSchema, value),
    });
  }
}

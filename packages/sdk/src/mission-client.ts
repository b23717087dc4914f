import {
  ActiveMissionSchema,
  decodeWith,
  type Mission,
  MissionHistorySchema,
  MissionSchema,
  SetMissionRequestSchema,
} from "@parley/protocol";
import { HttpTransport, type HttpTransportOptions } from "./http-transport.ts";
import { checkedBody } from "./request-checks.ts";

/** Per-call options of `MissionClient`. */
export interface MissionRequestOptions {
  signal?: AbortSignal;
}

/**
 * The project's mission (seed 002): the active one, its history, setting and clearing it. Same transport
 * as `ParleyClient` (same origin with the session cookie by default, or a base URL and token).
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
}

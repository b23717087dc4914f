import { controlCancel, newControlRequest, type SDKControlResponse } from "@parley/protocol";

/** A request Parley made of the host that has not been answered yet. */
interface PendingRequest {
  subtype: string;
  resolve(response: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** Thrown when the host answers a request with an error, or not in time. */
export class HostRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HostRequestError";
  }
}

/**
 * Parley's side of the control protocol's requests to the host (`can_use_tool`, `hook_callback`): each
 * gets a fresh id, waits for the `control_response` with that id, and fails with a clear error when the
 * host answers with an error, never answers within the timeout, or the turn that needed it is stopped
 * (then the host is told with `control_cancel_request`).
 */
export class ControlChannel {
  readonly #pending = new Map<string, PendingRequest>();
  readonly #send: (frame: object) => Promise<void>;
  readonly #timeoutMs: number;

  constructor(send: (frame: object) => Promise<void>, timeoutMs: number) {
    this.#send = send;
    this.#timeoutMs = timeoutMs;
  }

  /** Sends `request` to the host and resolves with its success payload. */
  async request(request: { subtype: string } & Record<string, unknown>, signal?: AbortSignal) {
    const frame = newControlRequest(request as Parameters<typeof newControlRequest>[0]);
    const id = frame.request_id;
    const answered = new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        void this.#send(controlCancel(id));
        reject(
          new HostRequestError(
            `the host did not answer the ${request.subtype} request within ${Math.round(this.#timeoutMs / 1000)} s`,
          ),
        );
      }, this.#timeoutMs);
      timer.unref();
      this.#pending.set(id, { subtype: request.subtype, resolve, reject, timer });
    });
    const onAbort = () => {
      const pending = this.#pending.get(id);
      if (pending === undefined) return;
      this.#forget(id);
      void this.#send(controlCancel(id));
      pending.reject(new HostRequestError(`the ${request.subtype} request was withdrawn: the turn stopped`));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await this.#send(frame);
      return await answered;
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Routes a `control_response` from the host; false when it answers no request of ours. */
  settle(frame: SDKControlResponse): boolean {
    const response = frame.response;
    const pending = this.#pending.get(response.request_id);
    if (pending === undefined) return false;
    this.#forget(response.request_id);
    if (response.subtype === "success") {
      pending.resolve((response.response ?? {}) as Record<string, unknown>);
    } else {
      pending.reject(
        new HostRequestError(`the host refused the ${pending.subtype} request: ${response.error}`),
      );
    }
    return true;
  }

  /** Fails every request still waiting (stdin closed: no answer can come any more). */
  failAll(reason: string): void {
    for (const [id, pending] of this.#pending) {
      this.#forget(id);
      pending.reject(new HostRequestError(`the ${pending.subtype} request got no answer: ${reason}`));
    }
  }

  #forget(id: string): void {
    const pending = this.#pending.get(id);
    if (pending !== undefined) clearTimeout(pending.timer);
    this.#pending.delete(id);
  }
}

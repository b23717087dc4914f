import {
  decodeWith,
  type ExecutePlanRequest,
  type PlanActionResponse,
  PlanActionResponseSchema,
  type StartWorkflowRequest,
  type WorkflowExecutionList,
  WorkflowExecutionListSchema,
  type WorkflowExecutionView,
  WorkflowExecutionViewSchema,
  type WorkflowInputValue,
  type WorkflowList,
  WorkflowListSchema,
} from "@parley/protocol";
import { HttpTransport, type HttpTransportOptions } from "./http-transport.ts";

/** What the person can do to a workflow execution. */
export type WorkflowAction = "resume" | "retry" | "cancel";

/**
 * The workflow routes of Parley's HTTP API: definitions, starting one with inputs, and the executions
 * (pause at the boundary or now, resume, retry the failed step, cancel). Responses are decoded with the
 * protocol's schemas; failures are `ApiRequestError`s.
 */
export class WorkflowClient {
  readonly #http: HttpTransport;

  constructor(options: HttpTransportOptions = {}) {
    this.#http = new HttpTransport(options);
  }

  /** `GET /api/workflows`: the definitions found, and the invalid files with what is wrong. */
  definitions(): Promise<WorkflowList> {
    return this.#http.json("GET", "/api/workflows", {
      decode: (value) => decodeWith(WorkflowListSchema, value),
    });
  }

  /** `POST /api/workflows/:name/executions`: starts a workflow (in a new session unless one is given). */
  start(
    name: string,
    request: Omit<Partial<StartWorkflowRequest>, "inputs"> & {
      inputs?: Record<string, WorkflowInputValue>;
    } = {},
  ): Promise<WorkflowExecutionView> {
    const body: Partial<StartWorkflowRequest> = { inputs: {}, ...request };
    return this.#http.json("POST", `/api/workflows/${encodeURIComponent(name)}/executions`, {
      body,
      decode: (value) => decodeWith(WorkflowExecutionViewSchema, value),
    });
  }

  /** `GET /api/workflow-executions`: a session's executions, or the project's, newest first. */
  executions(sessionId?: string): Promise<WorkflowExecutionList> {
    return this.#http.json("GET", "/api/workflow-executions", {
      query: { session_id: sessionId },
      decode: (value) => decodeWith(WorkflowExecutionListSchema, value),
    });
  }

  /** `GET /api/workflow-executions/:id`. */
  get(executionId: string): Promise<WorkflowExecutionView> {
    return this.#http.json("GET", `/api/workflow-executions/${encodeURIComponent(executionId)}`, {
      decode: (value) => decodeWith(WorkflowExecutionViewSchema, value),
    });
  }

  /**
   * Pauses at the next step boundary, or with `now` at once (the running step is stopped; `reason` is what
   * it then says stopped it).
   */
  pause(executionId: string, now = false, reason?: string): Promise<WorkflowExecutionView> {
    return this.#post(executionId, "pause", { now, ...(reason !== undefined && { reason }) });
  }

  /** Resumes from the current step, reruns the failed step, or cancels. */
  act(executionId: string, action: WorkflowAction): Promise<WorkflowExecutionView> {
    return this.#post(executionId, action, {});
  }

  /**
   * `POST /api/plans/:message_id/execute` with `step_by_step`: carries an approved plan out as a workflow,
   * one agent turn per step; `workflow_execution_id` names the execution.
   */
  executePlanStepByStep(
    messageId: string,
    mode?: ExecutePlanRequest["permission_mode"],
  ): Promise<PlanActionResponse> {
    return this.#http.json("POST", `/api/plans/${encodeURIComponent(messageId)}/execute`, {
      body: { step_by_step: true, ...(mode !== undefined && { permission_mode: mode }) },
      decode: (value) => decodeWith(PlanActionResponseSchema, value),
    });
  }

  #post(executionId: string, verb: string, body: unknown): Promise<WorkflowExecutionView> {
    return this.#http.json("POST", `/api/workflow-executions/${encodeURIComponent(executionId)}/${verb}`, {
      body,
      decode: (value) => decodeWith(WorkflowExecutionViewSchema, value),
    });
  }
}

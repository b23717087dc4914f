import type {
  WorkflowDefinition,
  WorkflowExecutionData,
  WorkflowInputValue,
  WorkflowStatus,
} from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/** A stored workflow execution: what it runs, where it is, and its card's data (`state`). */
export interface WorkflowExecutionRecord {
  id: string;
  session_id: string;
  agent_id: string;
  message_id: string;
  workflow_name: string;
  definition: WorkflowDefinition;
  inputs: Record<string, WorkflowInputValue>;
  /** The index of the step to run next (or running now). */
  step_index: number;
  /** Each finished step's output, by step id. */
  outputs: Record<string, string>;
  state: WorkflowExecutionData;
  /** Pause at the next step boundary. */
  pause_requested: boolean;
  created_at_ms: number;
  updated_at_ms: number;
}

interface Row {
  id: string;
  session_id: string;
  agent_id: string;
  message_id: string;
  workflow_name: string;
  definition: string;
  inputs: string;
  status: string;
  step_index: number;
  outputs: string;
  state: string;
  pause_requested: number;
  created_at_ms: number;
  updated_at_ms: number;
}

/** Workflow executions, one row each; `save` writes the whole record (call it inside a unit of work). */
export class WorkflowExecutionStore {
  readonly #save;
  readonly #get;
  readonly #bySession;
  readonly #all;
  readonly #byStatus;

  constructor(database: StoreDatabase) {
    this.#save = database.prepare(
      `INSERT INTO workflow_executions (id, session_id, agent_id, message_id, workflow_name, definition, inputs,
         status, step_index, outputs, state, pause_requested, created_at_ms, updated_at_ms)
       VALUES (@id, @session_id, @agent_id, @message_id, @workflow_name, @definition, @inputs, @status,
         @step_index, @outputs, @state, @pause_requested, @created_at_ms, @updated_at_ms)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, step_index = excluded.step_index,
         outputs = excluded.outputs, state = excluded.state, pause_requested = excluded.pause_requested,
         updated_at_ms = excluded.updated_at_ms`,
    );
    this.#get = database.prepare("SELECT * FROM workflow_executions WHERE id = ?");
    this.#bySession = database.prepare(
      "SELECT * FROM workflow_executions WHERE session_id = ? ORDER BY created_at_ms DESC, rowid DESC",
    );
    this.#all = database.prepare(
      `SELECT workflow_executions.* FROM workflow_executions
       JOIN sessions ON sessions.id = workflow_executions.session_id
       WHERE sessions.project_root = ? ORDER BY workflow_executions.created_at_ms DESC, workflow_executions.rowid DESC`,
    );
    this.#byStatus = database.prepare("SELECT * FROM workflow_executions WHERE status = ?");
  }

  save(record: WorkflowExecutionRecord): void {
    this.#save.run({
      ...record,
      definition: JSON.stringify(record.definition),
      inputs: JSON.stringify(record.inputs),
      status: record.state.status,
      outputs: JSON.stringify(record.outputs),
      state: JSON.stringify(record.state),
      pause_requested: record.pause_requested ? 1 : 0,
    });
  }

  get(id: string): WorkflowExecutionRecord | undefined {
    const row = this.#get.get(id) as Row | undefined;
    return row && fromRow(row);
  }

  /** A session's executions, newest first. */
  bySession(sessionId: string): WorkflowExecutionRecord[] {
    return (this.#bySession.all(sessionId) as Row[]).map(fromRow);
  }

  /** The project's executions, newest first. */
  all(projectRoot: string): WorkflowExecutionRecord[] {
    return (this.#all.all(projectRoot) as Row[]).map(fromRow);
  }

  /** Executions in a given status (at start-up: those a stopped server left Running). */
  withStatus(status: WorkflowStatus): WorkflowExecutionRecord[] {
    return (this.#byStatus.all(status) as Row[]).map(fromRow);
  }
}

function fromRow(row: Row): WorkflowExecutionRecord {
  return {
    id: row.id,
    session_id: row.session_id,
    agent_id: row.agent_id,
    message_id: row.message_id,
    workflow_name: row.workflow_name,
    definition: JSON.parse(row.definition),
    inputs: JSON.parse(row.inputs),
    step_index: row.step_index,
    outputs: JSON.parse(row.outputs),
    state: JSON.parse(row.state),
    pause_requested: row.pause_requested === 1,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
  };
}

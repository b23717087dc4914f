import { ApprovalStore } from "./approval-store.ts";
import { ChangeBaselineStore } from "./change-baseline-store.ts";
import { ConversationStore } from "./conversation-store.ts";
import { openDatabase } from "./database.ts";
import { EventLog } from "./event-log.ts";
import { MessageStore } from "./message-store.ts";
import { AgentOverrideStore, ChatRequestStore, MissionStore } from "./misc-stores.ts";
import { PermissionRuleStore } from "./permission-rule-store.ts";
import { IdlePromptClaims } from "./postgres/idle-prompt-claims.ts";
import { DEFAULT_LEASE_MS } from "./postgres/lease-keeper.ts";
import { isPostgresUrl, openPostgres } from "./postgres/open-postgres.ts";
import { PostgresDatabase } from "./postgres/postgres-database.ts";
import { RunLeases } from "./postgres/run-leases.ts";
import { ServerSignals } from "./postgres/server-signals.ts";
import { SharedMcpState } from "./postgres/shared-mcp-state.ts";
import { QuestionStore } from "./question-store.ts";
import { QueueStore } from "./queue-store.ts";
import { RunStore } from "./run-store.ts";
import { SessionAgentStore } from "./session-agent-store.ts";
import { SessionStore } from "./session-store.ts";
import { SignInStore } from "./sign-in-store.ts";
import type { StoreDatabase } from "./store-database.ts";
import { TextStore } from "./text-store.ts";
import { Transactor } from "./transactor.ts";
import { WalCheckpointer } from "./wal-checkpointer.ts";
import { WorkflowExecutionStore } from "./workflow-execution-store.ts";

/**
 * Parley's store: the event log and all state, in one SQLite file (WAL, the embedded default) or in a
 * PostgreSQL database (`location` a `postgres://` URL). Repositories are synchronous on both, so a unit of
 * work and the events it publishes commit in one transaction and are delivered in seq order right after
 * it (docs/decisions/2026-11-21-synchronous-store.md, 2026-11-26-postgres-store.md).
 */
export class Store {
  readonly database: StoreDatabase;
  readonly transactor: Transactor;
  readonly texts: TextStore;
  readonly events: EventLog;
  readonly sessions: SessionStore;
  readonly messages: MessageStore;
  readonly conversation: ConversationStore;
  readonly runs: RunStore;
  readonly queue: QueueStore;
  readonly chatRequests: ChatRequestStore;
  readonly questions: QuestionStore;
  readonly missions: MissionStore;
  readonly overrides: AgentOverrideStore;
  readonly approvals: ApprovalStore;
  readonly permissionRules: PermissionRuleStore;
  readonly sessionAgents: SessionAgentStore;
  readonly changeBaselines: ChangeBaselineStore;
  readonly signIn: SignInStore;
  readonly workflows: WorkflowExecutionStore;
  readonly #ping;
  /** Checkpoints the SQLite file's WAL off the event loop (undefined on PostgreSQL). */
  readonly #checkpointer: WalCheckpointer | undefined;

  /** Run leases among servers sharing a PostgreSQL database (undefined on SQLite: one server per file). */
  readonly leases: RunLeases | undefined;
  /** Signals to the server owning a run, among servers sharing a PostgreSQL database (undefined on SQLite). */
  readonly signals: ServerSignals | undefined;
  /** Which server sends an idle prompt, among servers sharing a PostgreSQL database (undefined on SQLite). */
  readonly idlePromptClaims: IdlePromptClaims | undefined;
  /** The person's MCP decisions, shared by servers on a PostgreSQL database (undefined on SQLite: a file). */
  readonly mcpState: SharedMcpState | undefined;

  /**
   * `location`: a SQLite file's path or a PostgreSQL URL. `instance` names this server among those sharing
   * a PostgreSQL database (stable across its restarts); a server quiet for `leaseMs` counts as gone.
   */
  constructor(location: string, options: { instance?: string; leaseMs?: number } = {}) {
    const postgres = isPostgresUrl(location)
      ? openPostgres(location, options.instance, options.leaseMs)
      : undefined;
    this.database = postgres ?? openDatabase(location);
    const instance = options.instance;
    this.leases = postgres && instance !== undefined ? new RunLeases(postgres, instance) : undefined;
    this.signals =
      postgres && instance !== undefined
        ? new ServerSignals(postgres, instance, options.leaseMs ?? DEFAULT_LEASE_MS)
        : undefined;
    this.idlePromptClaims =
      postgres && instance !== undefined ? new IdlePromptClaims(postgres, instance) : undefined;
    this.mcpState = postgres ? new SharedMcpState(postgres) : undefined;
    this.#checkpointer = postgres ? undefined : new WalCheckpointer(location);
    const checkpointer = this.#checkpointer;
    this.transactor = new Transactor(this.database, checkpointer && (() => checkpointer.kick()));
    this.texts = new TextStore(this.database);
    this.events = new EventLog(this.database, this.texts);
    this.sessions = new SessionStore(this.database);
    this.messages = new MessageStore(this.database, this.texts);
    this.conversation = new ConversationStore(this.database, this.texts);
    this.runs = new RunStore(this.database, this.texts, () => this.events.appendsAbove);
    this.queue = new QueueStore(this.database);
    this.chatRequests = new ChatRequestStore(this.database);
    this.questions = new QuestionStore(this.database);
    this.missions = new MissionStore(this.database);
    this.overrides = new AgentOverrideStore(this.database);
    this.approvals = new ApprovalStore(this.database);
    this.permissionRules = new PermissionRuleStore(this.database);
    this.sessionAgents = new SessionAgentStore(this.database);
    this.changeBaselines = new ChangeBaselineStore(this.database);
    this.signIn = new SignInStore(this.database);
    this.workflows = new WorkflowExecutionStore(this.database);
    this.#ping = this.database.prepare("SELECT 1 AS one");
  }

  /** Which database holds the data. */
  get kind(): "sqlite" | "postgresql" {
    return this.database instanceof PostgresDatabase ? "postgresql" : "sqlite";
  }

  /** Throws when the database does not answer a trivial query (the health check). */
  check(): void {
    this.#ping.get();
  }

  /** Runs `work` as one transaction; events published inside are delivered after it commits. */
  transaction<T>(work: () => T): T {
    return this.transactor.run(work);
  }

  /**
   * Deletes a session with its messages, runs, queue, questions and texts; its events keep their frames
   * (the texts are put back into them). Call inside a transaction.
   */
  deleteSession(id: string): boolean {
    this.events.inlineTexts(id);
    this.texts.forget(id);
    return this.sessions.delete(id);
  }

  close(): void {
    try {
      this.events.saveBytes();
    } catch {
      // A full or read-only disk: the next start adds up the rows since the last saved count instead.
    }
    this.#checkpointer?.close();
    this.database.close();
  }
}

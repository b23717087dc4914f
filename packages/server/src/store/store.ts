import { ApprovalStore } from "./approval-store.ts";
import { ChangeBaselineStore } from "./change-baseline-store.ts";
import { ConversationStore } from "./conversation-store.ts";
import { openDatabase, type SqliteDatabase } from "./database.ts";
import { EventLog } from "./event-log.ts";
import { MessageStore } from "./message-store.ts";
import { AgentOverrideStore, ChatRequestStore, MissionStore } from "./misc-stores.ts";
import { PermissionRuleStore } from "./permission-rule-store.ts";
import { QuestionStore } from "./question-store.ts";
import { QueueStore } from "./queue-store.ts";
import { RunStore } from "./run-store.ts";
import { SessionAgentStore } from "./session-agent-store.ts";
import { SessionStore } from "./session-store.ts";
import { TextStore } from "./text-store.ts";
import { Transactor } from "./transactor.ts";
import { WorkflowExecutionStore } from "./workflow-execution-store.ts";

/**
 * Parley's embedded store: one SQLite file (WAL) holding the event log and all state. Repositories are
 * synchronous (better-sqlite3), so a unit of work and the events it publishes commit in one transaction
 * and are delivered in seq order right after it; see docs/decisions for why, and what a PostgreSQL
 * backend would need.
 */
export class Store {
  readonly database: SqliteDatabase;
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
  readonly workflows: WorkflowExecutionStore;

  constructor(file: string) {
    this.database = openDatabase(file);
    this.transactor = new Transactor(this.database);
    this.texts = new TextStore(this.database);
    this.events = new EventLog(this.database, this.texts);
    this.sessions = new SessionStore(this.database);
    this.messages = new MessageStore(this.database, this.texts);
    this.conversation = new ConversationStore(this.database, this.texts);
    this.runs = new RunStore(this.database, this.texts);
    this.queue = new QueueStore(this.database);
    this.chatRequests = new ChatRequestStore(this.database);
    this.questions = new QuestionStore(this.database);
    this.missions = new MissionStore(this.database);
    this.overrides = new AgentOverrideStore(this.database);
    this.approvals = new ApprovalStore(this.database);
    this.permissionRules = new PermissionRuleStore(this.database);
    this.sessionAgents = new SessionAgentStore(this.database);
    this.changeBaselines = new ChangeBaselineStore(this.database);
    this.workflows = new WorkflowExecutionStore(this.database);
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
    this.database.close();
  }
}

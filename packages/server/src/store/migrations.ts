/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many have run.
 * Append new migrations; never edit one that has shipped.
 */
export const migrations: readonly string[] = [
  `
  -- The durable event log behind GET /api/events. seq is the SSE id; frame is the serialized UiSseMessage.
  CREATE TABLE events (
    seq        INTEGER PRIMARY KEY,
    ts_ms      INTEGER NOT NULL,
    session_id TEXT,
    run_id     TEXT,
    frame      TEXT NOT NULL
  );
  CREATE INDEX events_by_session ON events (session_id, seq);
  CREATE INDEX events_by_run ON events (run_id, seq) WHERE run_id IS NOT NULL;

  CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    project_root  TEXT NOT NULL,
    title         TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
  );
  CREATE INDEX sessions_by_update ON sessions (project_root, updated_at_ms DESC);

  -- Chat items as the UI renders them: one rich message each, in order within a session.
  CREATE TABLE messages (
    id                TEXT PRIMARY KEY,
    session_id        TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    position          INTEGER NOT NULL,
    agent_id          TEXT NOT NULL,
    role              TEXT NOT NULL,
    rich              TEXT NOT NULL,
    run_id            TEXT,
    client_message_id TEXT,
    created_at_ms     INTEGER NOT NULL,
    UNIQUE (session_id, position)
  );

  -- Idempotency: the first response to each client_message_id, replayed to retries.
  CREATE TABLE chat_requests (
    client_message_id TEXT PRIMARY KEY,
    response          TEXT NOT NULL,
    created_at_ms     INTEGER NOT NULL
  );

  -- What the model sees: the conversation per agent as Anthropic MessageParam entries, in order.
  CREATE TABLE conversation (
    session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id   TEXT NOT NULL,
    position   INTEGER NOT NULL,
    param      TEXT NOT NULL,
    PRIMARY KEY (session_id, agent_id, position)
  );

  CREATE TABLE runs (
    id             TEXT PRIMARY KEY,
    session_id     TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id       TEXT NOT NULL,
    parent_run_id  TEXT REFERENCES runs (id) ON DELETE CASCADE,
    status         TEXT NOT NULL,
    model          TEXT NOT NULL,
    prompt         TEXT NOT NULL,
    started_at_ms  INTEGER NOT NULL,
    ended_at_ms    INTEGER,
    result         TEXT,
    error          TEXT
  );
  CREATE INDEX runs_by_session ON runs (session_id, started_at_ms);
  CREATE INDEX runs_by_parent ON runs (parent_run_id);
  CREATE INDEX runs_by_status ON runs (status);

  -- Every SDK message a run emitted, for the raw context view.
  CREATE TABLE run_messages (
    run_id   TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    message  TEXT NOT NULL,
    PRIMARY KEY (run_id, position)
  );

  -- Messages sent to a busy agent, injected at its next loop iteration.
  CREATE TABLE queue_items (
    id                TEXT PRIMARY KEY,
    session_id        TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id          TEXT NOT NULL,
    text              TEXT NOT NULL,
    client_message_id TEXT,
    queued_at_ms      INTEGER NOT NULL,
    state             TEXT NOT NULL,
    run_id            TEXT
  );
  CREATE INDEX queue_items_waiting ON queue_items (session_id, agent_id, state, queued_at_ms);

  CREATE TABLE ask_user_questions (
    question_id    TEXT PRIMARY KEY,
    session_id     TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id       TEXT NOT NULL,
    run_id         TEXT,
    questions      TEXT NOT NULL,
    asked_at_ms    INTEGER NOT NULL,
    answers        TEXT,
    answered_at_ms INTEGER
  );

  CREATE TABLE missions (
    id            TEXT PRIMARY KEY,
    project_root  TEXT NOT NULL,
    text          TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    cleared_at_ms INTEGER
  );
  CREATE INDEX missions_by_project ON missions (project_root, created_at_ms DESC);

  CREATE TABLE agent_overrides (
    project_root  TEXT NOT NULL,
    agent_id      TEXT NOT NULL,
    override      TEXT NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    PRIMARY KEY (project_root, agent_id)
  );
  `,
  `
  -- Tool calls waiting for (or answered by) a person: durable, answered exactly once by id.
  CREATE TABLE approvals (
    id                 TEXT PRIMARY KEY,
    session_id         TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id           TEXT NOT NULL,
    run_id             TEXT NOT NULL,
    message_id         TEXT NOT NULL,
    tool_use_id        TEXT NOT NULL,
    parent_tool_use_id TEXT,
    tool_name          TEXT NOT NULL,
    input              TEXT NOT NULL,
    headline           TEXT NOT NULL,
    reason             TEXT NOT NULL,
    suggested_rule     TEXT,
    blocked_path       TEXT,
    state              TEXT NOT NULL,
    decision           TEXT,
    feedback           TEXT,
    updated_input      TEXT,
    created_at_ms      INTEGER NOT NULL,
    answered_at_ms     INTEGER
  );
  CREATE INDEX approvals_by_session ON approvals (session_id, state, created_at_ms);
  CREATE INDEX approvals_by_run ON approvals (run_id, state);

  -- Per-project permission rules. An absent pattern is stored as '' so the UNIQUE constraint holds.
  CREATE TABLE permission_rules (
    id            TEXT PRIMARY KEY,
    project_root  TEXT NOT NULL,
    tool          TEXT NOT NULL,
    pattern       TEXT NOT NULL,
    behavior      TEXT NOT NULL,
    source        TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    UNIQUE (project_root, tool, pattern, behavior)
  );

  -- What a session chose for each of its agents (the permission mode).
  CREATE TABLE session_agents (
    session_id      TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id        TEXT NOT NULL,
    permission_mode TEXT NOT NULL,
    updated_at_ms   INTEGER NOT NULL,
    PRIMARY KEY (session_id, agent_id)
  );

  -- What a run is: a turn for a message, a resumed turn, a subagent's task, or a compaction.
  ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'turn';

  -- Questions now know their chat message, the tool call that asked (if any), and their state.
  ALTER TABLE ask_user_questions ADD COLUMN message_id TEXT;
  ALTER TABLE ask_user_questions ADD COLUMN tool_use_id TEXT;
  ALTER TABLE ask_user_questions ADD COLUMN source TEXT;
  ALTER TABLE ask_user_questions ADD COLUMN state TEXT NOT NULL DEFAULT 'pending';
  UPDATE ask_user_questions SET state = 'answered' WHERE answers IS NOT NULL;
  CREATE INDEX ask_user_questions_by_session ON ask_user_questions (session_id, state, asked_at_ms);
  CREATE INDEX ask_user_questions_by_run ON ask_user_questions (run_id, state);
  `,
  `
  -- A subagent run's \`Task\` call and its short description, so a reloaded tree finds its card.
  ALTER TABLE runs ADD COLUMN tool_use_id TEXT;
  ALTER TABLE runs ADD COLUMN description TEXT;
  `,
  `
  -- A session created without a title shows a placeholder until its first message names it.
  ALTER TABLE sessions ADD COLUMN untitled INTEGER NOT NULL DEFAULT 0;
  `,
  `
  -- What a running run's changed files held before its first change, until its change report is out.
  CREATE TABLE run_change_baselines (
    run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    path   TEXT NOT NULL,
    kind   TEXT NOT NULL,
    text   TEXT,
    PRIMARY KEY (run_id, path)
  );
  `,
  `
  -- Each event's size and whether it is a streamed token delta, so retention can bound the log by bytes
  -- and drop token deltas once their run has ended (its messages carry the final text).
  ALTER TABLE events ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE events ADD COLUMN is_token INTEGER NOT NULL DEFAULT 0;
  UPDATE events SET bytes = length(CAST(frame AS BLOB)), is_token = (json_extract(frame, '$.kind') = 'token');
  CREATE INDEX events_by_size ON events (seq, bytes);
  CREATE INDEX events_tokens_by_run ON events (run_id) WHERE is_token = 1;
  `,
  `
  -- A run's messages are looked up when it ends (its completion, its change report); without this index
  -- every run's end scanned every message ever stored (the soak run showed event-loop delay growing with it).
  CREATE INDEX messages_by_run ON messages (run_id, position) WHERE run_id IS NOT NULL;
  `,
  `
  -- Workflow executions: the definition they run (as it was when started), their inputs, the step they are
  -- at, each finished step's output, and their state (the WorkflowExecution card's data). Written in the
  -- same transaction as the card and its ContextUpdate event.
  CREATE TABLE workflow_executions (
    id                TEXT PRIMARY KEY,
    session_id        TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    agent_id          TEXT NOT NULL,
    message_id        TEXT NOT NULL,
    workflow_name     TEXT NOT NULL,
    definition        TEXT NOT NULL,
    inputs            TEXT NOT NULL,
    status            TEXT NOT NULL,
    step_index        INTEGER NOT NULL,
    outputs           TEXT NOT NULL,
    state             TEXT NOT NULL,
    pause_requested   INTEGER NOT NULL DEFAULT 0,
    created_at_ms     INTEGER NOT NULL,
    updated_at_ms     INTEGER NOT NULL
  );
  CREATE INDEX workflow_executions_by_session ON workflow_executions (session_id, created_at_ms);
  CREATE INDEX workflow_executions_by_status ON workflow_executions (status);
  `,
  `
  -- Who answers a session: Parley's engine or an external agent CLI, and that CLI's own session id, which
  -- the next message resumes.
  ALTER TABLE sessions ADD COLUMN backend TEXT NOT NULL DEFAULT 'parley';
  ALTER TABLE sessions ADD COLUMN backend_session_id TEXT;
  `,
  `
  -- The model and named agent a session's agent CLI runs with (null: the CLI's own default).
  ALTER TABLE sessions ADD COLUMN backend_model TEXT;
  ALTER TABLE sessions ADD COLUMN backend_agent TEXT;
  `,
  `
  -- Long texts (a message's rich content, the conversation, a run's prompt, answer and SDK messages) may now
  -- be stored deflated, as BLOBs; a message's kind gets its own column so it is found without reading them.
  -- The version bump also keeps an older Parley, which cannot read packed rows, from opening this file.
  ALTER TABLE messages ADD COLUMN kind TEXT;
  UPDATE messages SET kind = json_extract(rich, '$.kind');
  `,
  `
  -- Each long text (a person's message, an answer) is kept once per session in \`texts\`; the rows that held
  -- a copy (event frames, chat messages, the conversation, runs' prompt and answer, runs' SDK messages) keep
  -- its id and the offset where its JSON string goes back. Older rows keep their text inline (text_id NULL).
  CREATE TABLE texts (
    id         INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    hash       BLOB NOT NULL,
    body       TEXT NOT NULL,
    UNIQUE (session_id, hash)
  );
  ALTER TABLE events ADD COLUMN text_id INTEGER;
  ALTER TABLE events ADD COLUMN text_at INTEGER;
  ALTER TABLE messages ADD COLUMN text_id INTEGER;
  ALTER TABLE messages ADD COLUMN text_at INTEGER;
  ALTER TABLE conversation ADD COLUMN text_id INTEGER;
  ALTER TABLE conversation ADD COLUMN text_at INTEGER;
  ALTER TABLE run_messages ADD COLUMN text_id INTEGER;
  ALTER TABLE run_messages ADD COLUMN text_at INTEGER;
  ALTER TABLE runs ADD COLUMN prompt_text_id INTEGER;
  ALTER TABLE runs ADD COLUMN result_text_id INTEGER;
  `,
  `
  -- Streamed token deltas get a table of their own: they are dropped once their run has ended, and apart from
  -- the events that stay, dropping them frees whole pages instead of leaving holes in every page of \`events\`.
  -- A token row updates one index (its run's, for a killed run's recovery and a run's reasoning), where it
  -- used to update four: a session's stream reads the table in seq order from its cursor (the table holds
  -- only the deltas of runs that are going or ended within the compaction delay).
  -- The log's byte count (\`events_by_size\`, an index every append updated for a sum taken at start-up)
  -- becomes a total kept by retention: the bytes of every row up to \`through_seq\`; start-up adds the rows
  -- after it.
  CREATE TABLE token_events (
    seq        INTEGER PRIMARY KEY,
    ts_ms      INTEGER NOT NULL,
    session_id TEXT,
    run_id     TEXT,
    frame      TEXT NOT NULL
  );
  CREATE INDEX token_events_by_run ON token_events (run_id, seq) WHERE run_id IS NOT NULL;
  INSERT INTO token_events (seq, ts_ms, session_id, run_id, frame)
    SELECT seq, ts_ms, session_id, run_id, frame FROM events WHERE is_token = 1;
  DELETE FROM events WHERE is_token = 1;
  DROP INDEX events_tokens_by_run;
  DROP INDEX events_by_size;
  CREATE TABLE event_log_totals (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    bytes       INTEGER NOT NULL,
    through_seq INTEGER NOT NULL
  );
  INSERT INTO event_log_totals (id, bytes, through_seq)
    SELECT 1, (SELECT COALESCE(SUM(bytes), 0) FROM events) + (SELECT COALESCE(SUM(length(CAST(frame AS BLOB))), 0) FROM token_events),
      MAX((SELECT COALESCE(MAX(seq), 0) FROM events), (SELECT COALESCE(MAX(seq), 0) FROM token_events));
  `,
  `
  -- A commit's run of token deltas of one run is one row: \`frame\` holds their frames joined by newlines
  -- (JSON never has a raw one), the row's seq is the run's last and \`first_seq\` its first, so a cursor
  -- anywhere in it finds the row (\`seq > cursor\`) and reads each delta back with its own seq. Rows written
  -- before hold one delta each and keep \`first_seq\` NULL.
  ALTER TABLE token_events ADD COLUMN first_seq INTEGER;
  `,
  `
  -- The model an agent CLI said it answered with (its system/init, ACP session/new), for the chat header.
  ALTER TABLE sessions ADD COLUMN backend_reported_model TEXT;
  `,
  `
  -- Sessions kept elsewhere and shown here read-only (\`origin\` 'acp': an editor's thread over parley acp,
  -- \`backend_session_id\` its id there); \`mirrored_count\` is how many of its history messages are stored.
  ALTER TABLE sessions ADD COLUMN origin TEXT;
  ALTER TABLE sessions ADD COLUMN mirrored_count INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX sessions_by_origin ON sessions (origin, backend_session_id) WHERE origin IS NOT NULL;
  `,
  `
  -- Cards a queued message carries (a shared project structure), as the JSON array of its attachments.
  ALTER TABLE queue_items ADD COLUMN attachments TEXT;
  `,
  `
  -- A token row of several deltas may now keep what their frames share once (token-row.ts), which an older
  -- Parley would read as one broken frame: no table changes, the version keeps it from opening the file.
  -- Rows of joined frames written before read back as they are.
  `,
  `
  -- Sign-in links' one-time codes, by a digest of each: a link works after a restart.
  CREATE TABLE login_codes (
    digest        TEXT PRIMARY KEY,
    expires_at_ms INTEGER NOT NULL,
    used_at_ms    INTEGER
  );
  `,
  `
  -- A random secret the servers share: the key that signs browser session cookies is made from it and
  -- PARLEY_TOKEN, so a browser signed in on one server is signed in on all. (IF NOT EXISTS: for a few
  -- minutes main made this table in the migration before.)
  CREATE TABLE IF NOT EXISTS server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  `
  -- A run's baselines stay as its checkpoint (a person can rewind its files), with what each file held when
  -- the run ended, so a rewind can tell files the person changed since; NULL while the run is going.
  ALTER TABLE run_change_baselines ADD COLUMN after_kind TEXT;
  ALTER TABLE run_change_baselines ADD COLUMN after_text TEXT;
  `,
  `
  -- A run's token rows are found by seq from \`tokens_after_seq\` (the log's head when the run started: each
  -- of its deltas has a higher seq), so a streamed token no longer updates an index of its own
  -- (\`token_events_by_run\`: one WAL page fewer per commit). Runs stored before take their first kept
  -- delta's seq less one, or the head when none is kept; 0, a read from the start, is always right.
  ALTER TABLE runs ADD COLUMN tokens_after_seq INTEGER NOT NULL DEFAULT 0;
  UPDATE runs SET tokens_after_seq = COALESCE(
    (SELECT MIN(COALESCE(first_seq, seq)) - 1 FROM token_events WHERE run_id = runs.id),
    MAX((SELECT COALESCE(MAX(seq), 0) FROM events), (SELECT COALESCE(MAX(seq), 0) FROM token_events)));
  DROP INDEX token_events_by_run;
  `,
];

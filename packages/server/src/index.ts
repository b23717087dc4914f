/**
 * @parley/server — Parley's HTTP API, durable SSE event bus, SQLite store and agent service.
 */

export { describeIdlePrompts } from "./missions/idle-scheduler-settings.ts";
export type { ParleyServer, ServerOptions } from "./server.ts";
export { DEFAULT_PORT, listenParleyServer, startParleyServer } from "./server.ts";
export { migratePostgresDatabase } from "./store/postgres/migrate-postgres.ts";
export { redactedUrl } from "./store/postgres/redacted-url.ts";
export { projectPermissionRules } from "./store/project-permission-rules.ts";
export { findRunningServer, type ServerAddress } from "./store/server-address.ts";
export { loadWorkflows } from "./workflows/workflow-files.ts";

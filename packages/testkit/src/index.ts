/**
 * @parley/testkit — a scripted fake model server speaking the real Anthropic Messages and OpenAI Chat
 * Completions wire formats over HTTP on 127.0.0.1, plus small stream helpers for deterministic tests.
 */

// ── real agent CLIs ───────────────────────────────────────────────────────────
export { codexConfigToml, GEMINI_SETTINGS, openCodeConfig } from "./agent-cli-configs.ts";
export type { ChildProcessRecord } from "./child-process-record.ts";
export { readChildProcessRecord, writeRecordingProgram } from "./child-process-record.ts";
// ── another process ───────────────────────────────────────────────────────────
export type { FakeModelServerClient } from "./control-client.ts";
export { connectFakeModelServer } from "./control-client.ts";
export type {
  ControlReleaseBody,
  ControlRequestsReply,
  ControlScriptBody,
  ControlWaitBody,
  ControlWaitReply,
} from "./control-schema.ts";
export {
  CONTROL_PREFIX,
  ControlReleaseBodySchema,
  ControlRequestsReplySchema,
  ControlScriptBodySchema,
  ControlWaitBodySchema,
  ControlWaitReplySchema,
} from "./control-schema.ts";
// ── crafted repository files ──────────────────────────────────────────────────
export { deepNpmLockfile, ordinaryNpmLockfile } from "./crafted-lockfiles.ts";
export { EventLog } from "./event-log.ts";
// ── the server ────────────────────────────────────────────────────────────────
export type { FakeModelServerOptions, FakeServerEvent } from "./fake-model-server.ts";
export { FakeModelServer, startFakeModelServer } from "./fake-model-server.ts";
// ── stream helpers ────────────────────────────────────────────────────────────
export { MarkerStream } from "./marker-stream.ts";
export { median, roundsFrom } from "./median.ts";
export type { PostgresCluster } from "./postgres-cluster.ts";
export { findPostgresBinaries, startPostgresCluster } from "./postgres-cluster.ts";
export { sampleProjectTree, sampleStructureFields, structureFile } from "./project-structure-sample.ts";
export type { SseEvent } from "./read-sse-events.ts";
export { iterateSseEvents, parseSseText, readSseEvents, SseParser } from "./read-sse-events.ts";
export type { AnsweredBy, FakeRoute, RecordedRequest, ResponseOutcome } from "./recorded-request.ts";
export {
  AnsweredBySchema,
  FakeRouteSchema,
  RecordedRequestSchema,
  ResponseOutcomeSchema,
} from "./recorded-request.ts";
export { lastUserText } from "./script-book.ts";
// ── scripts ───────────────────────────────────────────────────────────────────
export type { HttpErrorOptions, ScriptInput } from "./script-builder.ts";
export { hang, httpError, ReplyBuilder, reply, serverError, toScriptedResponse } from "./script-builder.ts";
export type {
  GateStep,
  RequestMatcher,
  ScriptedHttpError,
  ScriptedReply,
  ScriptedResponse,
  ScriptedUsage,
  ScriptRule,
  ScriptStep,
  StopReason,
  StreamErrorStep,
  TextStep,
  ThinkingStep,
  ToolCallStep,
} from "./script-schema.ts";
export {
  GateStepSchema,
  RequestMatcherSchema,
  ScriptedHttpErrorSchema,
  ScriptedReplySchema,
  ScriptedResponseSchema,
  ScriptedUsageSchema,
  ScriptRuleSchema,
  ScriptStepSchema,
  StopReasonSchema,
  StreamErrorStepSchema,
  TextStepSchema,
  ThinkingStepSchema,
  ToolCallStepSchema,
} from "./script-schema.ts";
export { arrayToReadableStream, collect, waitFor } from "./stream-helpers.ts";
export type { RelayMeasurements, RelayPlan, RelayTarget } from "./token-relay-measure.ts";
export { DEFAULT_RELAY_PLAN, measureTokenRelay } from "./token-relay-measure.ts";

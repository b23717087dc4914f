import {
  type AgentPermissionMode,
  AgentPermissionModeSchema,
  type Approval,
  type ApprovalAnswerRequest,
  ApprovalAnswerRequestSchema,
  type ApprovalList,
  type ApprovalListQuery,
  ApprovalListSchema,
  ApprovalSchema,
  type CompactRequest,
  CompactRequestSchema,
  type CompactResponse,
  CompactResponseSchema,
  type CreatePermissionRuleRequest,
  CreatePermissionRuleRequestSchema,
  decodeWith,
  type ExecutePlanRequest,
  ExecutePlanRequestSchema,
  type PermissionRuleDeleted,
  PermissionRuleDeletedSchema,
  PermissionRuleListSchema,
  type PermissionRuleRecord,
  PermissionRuleRecordSchema,
  type PlanActionResponse,
  PlanActionResponseSchema,
  RefinePlanRequestSchema,
  type RewindRequest,
  RewindRequestSchema,
  type RewindResponse,
  RewindResponseSchema,
  type SetPermissionModeRequest,
  SetPermissionModeRequestSchema,
} from "@parley/protocol";
import type { HttpTransport } from "./http-transport.ts";
import { checkedBody, checkedPathId } from "./request-checks.ts";

// The routes of Parley's agent tools and interactions (approvals, plans, permission modes and rules,
// compaction), as ParleyClient sends them: bodies checked against the protocol schemas, responses decoded.

type Signal = { signal?: AbortSignal };

/** `GET /api/approvals?session_id=&state=`. */
export function listApprovals(
  http: HttpTransport,
  query: ApprovalListQuery,
  options: Signal,
): Promise<ApprovalList> {
  return http.json("GET", "/api/approvals", {
    ...options,
    query: { session_id: query.session_id, state: query.state },
    decode: (value) => decodeWith(ApprovalListSchema, value),
  });
}

/** `POST /api/approvals/:id`. */
export function answerApproval(
  http: HttpTransport,
  approvalId: string,
  answer: ApprovalAnswerRequest,
  options: Signal,
): Promise<Approval> {
  const path = `/api/approvals/${checkedPathId(approvalId, "POST", "/api/approvals/:approval_id")}`;
  return http.json("POST", path, {
    ...options,
    body: checkedBody(ApprovalAnswerRequestSchema, answer, "POST", path),
    decode: (value) => decodeWith(ApprovalSchema, value),
  });
}

/** `POST /api/plans/:message_id/execute` or `…/refine`. */
export function decidePlan(
  http: HttpTransport,
  messageId: string,
  decision: { action: "execute"; request: ExecutePlanRequest } | { action: "refine"; feedback: string },
  options: Signal,
): Promise<PlanActionResponse> {
  const route = `/api/plans/:message_id/${decision.action}`;
  const path = `/api/plans/${checkedPathId(messageId, "POST", route)}/${decision.action}`;
  const body =
    decision.action === "execute"
      ? checkedBody(ExecutePlanRequestSchema, decision.request, "POST", path)
      : checkedBody(RefinePlanRequestSchema, { feedback: decision.feedback }, "POST", path);
  return http.json("POST", path, {
    ...options,
    body,
    decode: (value) => decodeWith(PlanActionResponseSchema, value),
  });
}

/** `POST /api/sessions/:id/mode`. */
export function setPermissionMode(
  http: HttpTransport,
  sessionId: string,
  request: SetPermissionModeRequest,
  options: Signal,
): Promise<AgentPermissionMode> {
  const path = `/api/sessions/${checkedPathId(sessionId, "POST", "/api/sessions/:session_id/mode")}/mode`;
  return http.json("POST", path, {
    ...options,
    body: checkedBody(SetPermissionModeRequestSchema, request, "POST", path),
    decode: (value) => decodeWith(AgentPermissionModeSchema, value),
  });
}

/** `POST /api/sessions/:id/compact`. */
export function compact(
  http: HttpTransport,
  sessionId: string,
  request: CompactRequest,
  options: Signal,
): Promise<CompactResponse> {
  const path = `/api/sessions/${checkedPathId(sessionId, "POST", "/api/sessions/:session_id/compact")}/compact`;
  return http.json("POST", path, {
    ...options,
    body: checkedBody(CompactRequestSchema, request, "POST", path),
    decode: (value) => decodeWith(CompactResponseSchema, value),
  });
}

/** `POST /api/sessions/:id/rewind`. */
export function rewind(
  http: HttpTransport,
  sessionId: string,
  request: RewindRequest,
  options: Signal,
): Promise<RewindResponse> {
  const path = `/api/sessions/${checkedPathId(sessionId, "POST", "/api/sessions/:session_id/rewind")}/rewind`;
  return http.json("POST", path, {
    ...options,
    body: checkedBody(RewindRequestSchema, request, "POST", path),
    decode: (value) => decodeWith(RewindResponseSchema, value),
  });
}

/** `GET /api/permission-rules`. */
export async function listPermissionRules(
  http: HttpTransport,
  options: Signal,
): Promise<PermissionRuleRecord[]> {
  const list = await http.json("GET", "/api/permission-rules", {
    ...options,
    decode: (value) => decodeWith(PermissionRuleListSchema, value),
  });
  return list.rules;
}

/** `POST /api/permission-rules`. */
export function createPermissionRule(
  http: HttpTransport,
  rule: CreatePermissionRuleRequest,
  options: Signal,
): Promise<PermissionRuleRecord> {
  const path = "/api/permission-rules";
  return http.json("POST", path, {
    ...options,
    body: checkedBody(CreatePermissionRuleRequestSchema, rule, "POST", path),
    decode: (value) => decodeWith(PermissionRuleRecordSchema, value),
  });
}

/** `DELETE /api/permission-rules/:id`. */
export function deletePermissionRule(
  http: HttpTransport,
  ruleId: string,
  options: Signal,
): Promise<PermissionRuleDeleted> {
  const path = `/api/permission-rules/${checkedPathId(ruleId, "DELETE", "/api/permission-rules/:rule_id")}`;
  return http.json("DELETE", path, {
    ...options,
    decode: (value) => decodeWith(PermissionRuleDeletedSchema, value),
  });
}

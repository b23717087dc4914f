import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { MessageContentParamSchema, MessageParamSchema } from "./message-param.ts";
import { UuidSchema } from "./uuid.ts";

/** Where a user message came from: a person, a channel, a peer session, a scheduled task, ... */
export const SDKMessageOriginSchema = lazySchema(() =>
  z.discriminatedUnion("kind", [
    z.looseObject({ kind: z.literal("human") }),
    z.looseObject({ kind: z.literal("channel"), server: z.string() }),
    z.looseObject({
      kind: z.literal("peer"),
      from: z.string(),
      fromMode: z.enum(["bypass", "prompting"]).optional(),
      name: z.string().optional(),
      fromSession: z.string().optional(),
      senderTaskId: z.string().optional(),
      body: z.string().optional(),
      verifiedPeerPid: z.number().optional(),
    }),
    z.looseObject({
      kind: z.literal("task-notification"),
      subkind: z
        .enum(["scheduled-trigger", "peer-send-message", "projects-relay", "session-inbox", "external-event"])
        .optional(),
      fireReason: z.string().optional(),
      runId: z.string().optional(),
    }),
    z.looseObject({ kind: z.literal("coordinator") }),
    z.looseObject({ kind: z.literal("unclassified") }),
    z.looseObject({ kind: z.literal("observer"), from: z.string(), senderTaskId: z.string() }),
    z.looseObject({ kind: z.literal("auto-continuation") }),
    z.looseObject({ kind: z.literal("observer-activity") }),
  ]),
);
export type SDKMessageOrigin = z.infer<typeof SDKMessageOriginSchema>;

const userMessageFields = () => ({
  type: z.literal("user"),
  message: MessageParamSchema,
  parent_tool_use_id: z.string().nullable(),
  isSynthetic: z.boolean().optional(),
  tool_use_result: z.unknown().optional(),
  priority: z.enum(["now", "next", "later"]).optional(),
  origin: SDKMessageOriginSchema.optional(),
  shouldQuery: z.boolean().optional(),
  timestamp: z.string().optional(),
  client_composed: z.literal(true).optional(),
});

/**
 * A user turn (`type: "user"`): a prompt the host writes to the CLI's stdin, or a tool result the CLI
 * emits. `uuid` and `session_id` are optional here; hosts send `session_id: ""` or leave it out.
 */
export const SDKUserMessageSchema = lazySchema(() =>
  z.looseObject({
    ...userMessageFields(),
    uuid: UuidSchema.optional(),
    session_id: z.string().optional(),
    pasted_content: z.array(MessageContentParamSchema).optional(),
    inline_pastes: z.array(z.string()).optional(),
    agent_id: z.string().optional(),
    subagent_type: z.string().optional(),
    task_description: z.string().optional(),
  }),
);
export type SDKUserMessage = z.infer<typeof SDKUserMessageSchema>;

/**
 * A user message the CLI echoes back (`isReplay: true`): stdin prompts under
 * `--replay-user-messages`, and local command output such as `/model`.
 */
export const SDKUserMessageReplaySchema = lazySchema(() =>
  z.looseObject({
    ...userMessageFields(),
    uuid: UuidSchema,
    session_id: z.string(),
    isReplay: z.literal(true),
    file_attachments: z.array(z.unknown()).optional(),
  }),
);
export type SDKUserMessageReplay = z.infer<typeof SDKUserMessageReplaySchema>;

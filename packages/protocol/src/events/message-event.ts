import { z } from "zod";
import { JsonObjectSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** Who wrote a chat message carried by a `Message` event. */
export const MessageEventRoleSchema = lazySchema(() => z.enum(["user", "assistant", "system"]));
export type MessageEventRole = z.infer<typeof MessageEventRoleSchema>;

/**
 * A chat message (seed 002 `Message`). `agent_id` is the agent whose conversation it belongs to: the
 * sender for agent messages, the recipient for user messages.
 */
export const MessageEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("Message"),
    agent_id: z.string(),
    from: z.string(),
    to: z.string(),
    content: z.string(),
    message_id: z.string(),
    role: MessageEventRoleSchema,
    /**
     * The typed rich message (`{kind, data}`) when the message renders as a card; kept as opaque JSON here.
     * Absent for plain text, whose text is `content` (servers before issue 18 also sent `{kind: "Text",
     * data: {text: content}}`; clients read both the same).
     */
    rich: JsonObjectSchema.optional(),
    /** Echo of the id the sending client chose, so it can replace its optimistic bubble. */
    client_message_id: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type MessageEvent = z.infer<typeof MessageEventSchema>;

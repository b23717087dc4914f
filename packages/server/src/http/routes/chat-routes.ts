import {
  ChatRequestSchema,
  ChatResponseSchema,
  IdSchema,
  lazySchema,
  type QueueItem,
  QueueItemRemovedSchema,
  QueueItemSchema,
} from "@parley/protocol";
import { z } from "zod";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** The queued message a `/api/queue-items/:item_id` route names. */
const QueueItemParamsSchema = lazySchema(() => z.looseObject({ item_id: IdSchema }));

/** Sending messages (seed 002 `POST /api/chat`) and managing the queue of a busy agent. */
export function chatRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "post",
      path: "/api/chat",
      summary: "Send a message to an agent; queued while the agent is busy; idempotent by client_message_id",
      tag: "chat",
      body: ChatRequestSchema,
      response: ChatResponseSchema,
      handler: async ({ body }) => {
        // A command file edited since the last listing counts from the next message; this one never waits.
        await context.customCommands.ready();
        context.customCommands.refreshSoon(body.text);
        return context.agents.chat(body);
      },
    }),
    defineRoute({
      method: "get",
      path: "/api/queue-items/:item_id",
      summary: "A queued message with its whole text (queue events and snapshots carry a preview)",
      tag: "chat",
      params: QueueItemParamsSchema,
      response: QueueItemSchema,
      handler: ({ params }) => {
        const item = context.store.queue.get(params.item_id);
        if (item === undefined) throw ApiError.notFound("queue item", params.item_id);
        const body: QueueItem = {
          id: item.id,
          session_id: item.session_id,
          agent_id: item.agent_id,
          text: item.text,
          queued_at_ms: item.queued_at_ms,
          state: item.state,
        };
        if (item.client_message_id !== null) body.client_message_id = item.client_message_id;
        if (item.attachments.length > 0) body.attachments = item.attachments;
        return body;
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/queue-items/:item_id",
      summary: "Remove a queued message before the agent receives it",
      tag: "chat",
      params: QueueItemParamsSchema,
      response: QueueItemRemovedSchema,
      handler: ({ params }) => {
        context.agents.removeQueueItem(params.item_id);
        return { removed: true as const, item_id: params.item_id };
      },
    }),
  ];
}

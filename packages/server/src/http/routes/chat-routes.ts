import { ChatRequestSchema, ChatResponseSchema, IdSchema, QueueItemRemovedSchema } from "@parley/protocol";
import { z } from "zod";
import type { ServerContext } from "../../server-context.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

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
      handler: ({ body }) => context.agents.chat(body),
    }),
    defineRoute({
      method: "delete",
      path: "/api/queue-items/:item_id",
      summary: "Remove a queued message before the agent receives it",
      tag: "chat",
      params: z.looseObject({ item_id: IdSchema }),
      response: QueueItemRemovedSchema,
      handler: ({ params }) => {
        context.agents.removeQueueItem(params.item_id);
        return { removed: true as const, item_id: params.item_id };
      },
    }),
  ];
}

import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** Which output stream of a running tool a line came from. */
export const ToolOutputStreamSchema = lazySchema(() => z.enum(["stdout", "stderr"]));
export type ToolOutputStream = z.infer<typeof ToolOutputStreamSchema>;

/** One line of a running tool's output (seed 002 `ToolProgress`). */
export const ToolProgressEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ToolProgress"),
    agent_id: z.string(),
    tool: z.string(),
    tool_use_id: z.string().optional(),
    line: z.string(),
    stream: ToolOutputStreamSchema,
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type ToolProgressEvent = z.infer<typeof ToolProgressEventSchema>;

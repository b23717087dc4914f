import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { SdkControlFrameSchema } from "./control/control-frames.ts";
import { SDKMessageSchema } from "./sdk-message.ts";
import { SDKActiveGoalMessageSchema } from "./session-event-messages.ts";
import { SDKUserMessageSchema } from "./user-message.ts";

/** Any line the CLI writes to stdout (the SDK's `StdoutMessage`): SDK messages, active goal, control frames. */
export const StdoutMessageSchema = lazySchema(() =>
  z.union([SDKMessageSchema, SDKActiveGoalMessageSchema, SdkControlFrameSchema]),
);
export type StdoutMessage = z.infer<typeof StdoutMessageSchema>;

/** Any line a host writes to the CLI's stdin: user messages and control frames. */
export const StdinMessageSchema = lazySchema(() => z.union([SDKUserMessageSchema, SdkControlFrameSchema]));
export type StdinMessage = z.infer<typeof StdinMessageSchema>;

// The official SDK's types, including those sdk.d.ts declares without exporting (reached through
// the exported types that use them). Only this folder may import the SDK; it lives in interop/.
import type * as Sdk from "@anthropic-ai/claude-agent-sdk";

export type { Sdk };

export type BetaMessage = Sdk.SDKAssistantMessage["message"];
export type BetaContentBlock = BetaMessage["content"][number];
export type BetaUsage = BetaMessage["usage"];
export type BetaRawMessageStreamEvent = Sdk.SDKPartialAssistantMessage["event"];
export type MessageParam = Sdk.SDKUserMessage["message"];
export type ContentBlockParam = Exclude<MessageParam["content"], string>[number];
export type SDKControlRequestInner = Sdk.SDKControlRequest["request"];
export type ControlRequestOf<S extends SDKControlRequestInner["subtype"]> = Extract<
  SDKControlRequestInner,
  { subtype: S }
>;
export type StdoutMessage =
  ReturnType<Sdk.Transport["readMessages"]> extends AsyncGenerator<infer M> ? M : never;
export type SDKControlCancelRequest = Extract<StdoutMessage, { type: "control_cancel_request" }>;
export type SDKKeepAliveMessage = Extract<StdoutMessage, { type: "keep_alive" }>;
export type HookCallbackMatcher = Sdk.HookCallbackMatcher;

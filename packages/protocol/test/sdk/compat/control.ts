// Control-protocol envelopes, every request body, the initialize exchange and the success payloads
// the SDK declares.
import type * as Ours from "../../../src/index.ts";
import type { WireSDKMessage } from "./messages.ts";
import type {
  ControlRequestOf,
  SDKControlCancelRequest,
  SDKControlRequestInner,
  SDKKeepAliveMessage,
  Sdk,
  StdoutMessage,
} from "./official.ts";
import { accepts, some } from "./relax.ts";

accepts<Sdk.SDKControlRequest>(some<Ours.SDKControlRequest>());
accepts<SDKControlRequestInner>(some<Ours.SDKControlRequestInner>());
accepts<Sdk.SDKControlResponse>(some<Ours.SDKControlResponse>());
accepts<SDKControlCancelRequest>(some<Ours.SDKControlCancelRequest>());
accepts<SDKKeepAliveMessage>(some<Ours.SDKKeepAliveMessage>());
accepts<Exclude<StdoutMessage, Sdk.SDKMessage> | WireSDKMessage>(some<Ours.StdoutMessage>());

// Every declared subtype is ours too, and each body is assignable to the official one.
accepts<Ours.ControlRequestSubtype>(some<SDKControlRequestInner["subtype"]>());
accepts<SDKControlRequestInner["subtype"]>(some<Ours.ControlRequestSubtype>());
accepts<ControlRequestOf<"initialize">>(some<Ours.SDKControlInitializeRequest>());
accepts<ControlRequestOf<"can_use_tool">>(some<Ours.SDKControlPermissionRequest>());
accepts<ControlRequestOf<"hook_callback">>(some<Ours.SDKHookCallbackRequest>());
accepts<ControlRequestOf<"mcp_message">>(some<Ours.SDKControlMcpMessageRequest>());
accepts<ControlRequestOf<"elicitation">>(some<Ours.SDKControlElicitationRequest>());
accepts<ControlRequestOf<"request_user_dialog">>(some<Ours.SDKControlRequestUserDialogRequest>());
accepts<ControlRequestOf<"mcp_set_servers">>(some<Ours.SDKControlMcpSetServersRequest>());
accepts<ControlRequestOf<"mcp_call">>(some<Ours.SDKControlMcpCallRequest>());
accepts<ControlRequestOf<"reload_plugins">>(some<Ours.SDKControlReloadPluginsRequest>());

// Success payloads.
accepts<Sdk.SDKControlInitializeResponse>(some<Ours.SDKControlInitializeResponse>());
accepts<Sdk.SDKControlInterruptResponse>(some<Ours.SDKControlInterruptResponse>());
accepts<Sdk.PermissionResult>(some<Ours.PermissionResult>());
accepts<Sdk.HookJSONOutput>(some<Ours.HookJSONOutput>());
accepts<Sdk.ElicitationResult>(some<Ours.ElicitationResult>());
accepts<Sdk.UserDialogResult>(some<Ours.UserDialogResult>());
accepts<Sdk.SDKControlGetContextUsageResponse>(some<Ours.SDKControlGetContextUsageResponse>());
accepts<Sdk.SDKControlGetUsageResponse>(some<Ours.SDKControlGetUsageResponse>());
accepts<Sdk.RewindFilesResult>(some<Ours.RewindFilesResult>());
accepts<Sdk.SDKControlReadFileResponse>(some<Ours.SDKControlReadFileResponse>());
accepts<Sdk.McpSetServersResult>(some<Ours.McpSetServersResult>());
accepts<Sdk.SDKControlReloadPluginsResponse>(some<Ours.SDKControlReloadPluginsResponse>());
accepts<Sdk.SDKControlReloadSkillsResponse>(some<Ours.SDKControlReloadSkillsResponse>());
accepts<Sdk.SDKControlReloadOutputStylesResponse>(some<Ours.SDKControlReloadOutputStylesResponse>());
accepts<Sdk.SDKControlListPermissionRulesResponse>(some<Ours.SDKControlListPermissionRulesResponse>());
accepts<Sdk.SDKControlMcpReadResourceResponse>(some<Ours.SDKControlMcpReadResourceResponse>());
accepts<Sdk.McpServerStatus>(some<Ours.McpServerStatus>());
accepts<Sdk.ModelInfo>(some<Ours.ModelInfo>());
accepts<Sdk.AccountInfo>(some<Ours.AccountInfo>());
accepts<Sdk.AgentInfo>(some<Ours.SdkAgentInfo>());
accepts<Sdk.HookInput>(some<Ours.HookInput>());
accepts<Sdk.PermissionUpdate>(some<Ours.PermissionUpdate>());

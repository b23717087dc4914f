// Canaries: with `skipLibCheck`, an import that fails to resolve inside sdk.d.ts silently becomes
// `any`, and every assignability check against it would pass. These fail the build instead.
import type * as Ours from "../../../src/index.ts";
import type {
  BetaContentBlock,
  BetaMessage,
  BetaRawMessageStreamEvent,
  ContentBlockParam,
  MessageParam,
  SDKControlCancelRequest,
  SDKControlRequestInner,
  SDKKeepAliveMessage,
  Sdk,
} from "./official.ts";
import type { AllFalse, IsAny } from "./relax.ts";

export type OfficialTypesResolved = AllFalse<
  [
    IsAny<Sdk.SDKMessage>,
    IsAny<Sdk.Options>,
    IsAny<BetaMessage>,
    IsAny<BetaContentBlock>,
    IsAny<BetaRawMessageStreamEvent>,
    IsAny<MessageParam>,
    IsAny<ContentBlockParam>,
    IsAny<SDKControlRequestInner>,
    IsAny<SDKControlCancelRequest>,
    IsAny<SDKKeepAliveMessage>,
    IsAny<Sdk.SDKControlResponse>,
    IsAny<Sdk.HookInput>,
    IsAny<Sdk.SandboxSettings>,
    IsAny<Parameters<NonNullable<Sdk.Options["onElicitation"]>>[0]>,
  ]
>;

/** Our side must not be `any` either, or every check would pass vacuously. */
export type OurTypesResolved = AllFalse<
  [
    IsAny<Ours.SDKMessage>,
    IsAny<Ours.BetaMessage>,
    IsAny<Ours.ContentBlock>,
    IsAny<Ours.SDKControlRequest>,
    IsAny<Ours.SDKControlResponse>,
    IsAny<Ours.QueryOptions>,
    IsAny<Ours.HookInput>,
    IsAny<NonNullable<Ours.QueryOptions["canUseTool"]>>,
    IsAny<NonNullable<Ours.QueryOptions["hooks"]>>,
  ]
>;

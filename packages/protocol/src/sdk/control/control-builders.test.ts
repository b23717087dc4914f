import { describe, expect, it } from "vitest";
import { decodeSdkMessage } from "../decode-sdk-message.ts";
import {
  controlCancel,
  controlError,
  controlSuccess,
  decodeControlSuccessPayload,
  newControlRequest,
  unsupportedControlRequest,
} from "./control-builders.ts";

describe("control frame builders", () => {
  it("answer an unknown subtype exactly as the real CLI does", () => {
    expect(unsupportedControlRequest("req-2", "no_such_subtype")).toEqual({
      type: "control_response",
      response: {
        subtype: "error",
        request_id: "req-2",
        error: "Unsupported control request subtype: no_such_subtype",
        error_code: "unsupported_request",
      },
    });
  });

  it("build frames that decode as control frames", () => {
    for (const frame of [
      newControlRequest({ subtype: "interrupt" }),
      controlSuccess("r1", { still_queued: [] }),
      controlSuccess("r2"),
      controlError("r3", "nope"),
      controlCancel("r4"),
    ]) {
      expect(decodeSdkMessage(JSON.stringify(frame))).toEqual({ kind: "control", frame });
    }
  });

  it("give a new request a UUID id unless one is given", () => {
    expect(newControlRequest({ subtype: "mcp_status" }).request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(newControlRequest({ subtype: "mcp_status" }, "abc").request_id).toBe("abc");
  });
});

describe("decodeControlSuccessPayload", () => {
  it("checks a permission answer against PermissionResult", () => {
    expect(
      decodeControlSuccessPayload("can_use_tool", { behavior: "deny", message: "no", toolUseID: "t" }),
    ).toEqual({
      success: true,
      value: { behavior: "deny", message: "no", toolUseID: "t" },
    });
    const bad = decodeControlSuccessPayload("can_use_tool", { behavior: "deny" });
    expect(bad).toMatchObject({ success: false, error: { issues: [{ path: "message" }] } });
  });

  it("accepts the minimal initialize reply the official SDK accepts", () => {
    const reply = {
      commands: [],
      agents: [],
      output_style: "default",
      available_output_styles: ["default"],
      models: [{ value: "fake", displayName: "Fake", description: "fake model" }],
      account: {},
    };
    expect(decodeControlSuccessPayload("initialize", reply)).toEqual({ success: true, value: reply });
  });

  it("accepts both interrupt reply shapes", () => {
    expect(decodeControlSuccessPayload("interrupt", { still_queued: [] }).success).toBe(true);
    expect(decodeControlSuccessPayload("interrupt", {}).success).toBe(true);
  });
});

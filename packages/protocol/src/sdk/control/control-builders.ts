import { type DecodeResult, decodeWith } from "../../shared/decode-result.ts";
import type { SDKControlCancelRequest, SDKControlResponse } from "./control-frames.ts";
import type { ControlRequestSubtype, SDKControlRequest, SDKControlRequestInner } from "./control-request.ts";
import { CONTROL_SUCCESS_PAYLOAD_SCHEMAS, type ControlSuccessPayload } from "./response-payloads.ts";

/** The `error_code` the CLI and the SDK send when they do not know a request's subtype. */
export const UNSUPPORTED_REQUEST_ERROR_CODE = "unsupported_request";

/** Wraps a request body in a control request envelope; the id defaults to a fresh UUID (as the CLI does). */
export function newControlRequest(
  request: SDKControlRequestInner,
  requestId: string = globalThis.crypto.randomUUID(),
): SDKControlRequest {
  return { type: "control_request", request_id: requestId, request };
}

/** A success answer to the request `requestId`, with its payload. */
export function controlSuccess(requestId: string, response?: Record<string, unknown>): SDKControlResponse {
  const body = response === undefined ? {} : { response };
  return { type: "control_response", response: { subtype: "success", request_id: requestId, ...body } };
}

/** An error answer to the request `requestId`. */
export function controlError(requestId: string, error: string, errorCode?: string): SDKControlResponse {
  const code = errorCode === undefined ? {} : { error_code: errorCode };
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error, ...code } };
}

/** The answer both the CLI and the SDK give to a request whose subtype they do not know. */
export function unsupportedControlRequest(requestId: string, subtype: string): SDKControlResponse {
  return controlError(
    requestId,
    `Unsupported control request subtype: ${subtype}`,
    UNSUPPORTED_REQUEST_ERROR_CODE,
  );
}

/** Withdraws a request the sender made; it gets no reply. */
export function controlCancel(requestId: string): SDKControlCancelRequest {
  return { type: "control_cancel_request", request_id: requestId };
}

/** Checks a success payload against the schema of the request subtype it answers. */
export function decodeControlSuccessPayload<S extends ControlRequestSubtype>(
  subtype: S,
  payload: unknown,
): DecodeResult<ControlSuccessPayload<S>> {
  return decodeWith(CONTROL_SUCCESS_PAYLOAD_SCHEMAS[subtype], payload) as DecodeResult<
    ControlSuccessPayload<S>
  >;
}

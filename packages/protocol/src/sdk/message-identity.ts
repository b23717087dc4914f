import { z } from "zod";
import { UuidSchema } from "./uuid.ts";

/** The two fields every CLI-emitted SDK message carries: its own UUID and the session it belongs to. */
export const messageIdentity = () => ({ uuid: UuidSchema, session_id: z.string() });

/** The identity fields plus `type: "system"` and the given subtype, shared by every system message. */
export function systemMessageShape<const Subtype extends string>(subtype: Subtype) {
  return { type: z.literal("system"), subtype: z.literal(subtype), ...messageIdentity() };
}

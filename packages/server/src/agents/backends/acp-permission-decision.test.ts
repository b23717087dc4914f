import { describe, expect, it } from "vitest";
import { decideAcpPermission } from "./acp-permission-decision.ts";

const allowEdits = { tool: "gemini:edit", behavior: "allow" as const };
const denyEdits = { tool: "gemini:edit", behavior: "deny" as const };

describe("an ACP agent's permission request, decided as Parley's own calls are", () => {
  it("asks the person in default mode unless a rule says otherwise", () => {
    expect(decideAcpPermission({ mode: "default", kind: "edit", rule: undefined })).toBeUndefined();
    expect(decideAcpPermission({ mode: "default", kind: "edit", rule: allowEdits })).toEqual({
      allowed: true,
      reason: "The project's rule gemini:edit allows it",
    });
    expect(decideAcpPermission({ mode: "default", kind: "read", rule: undefined })?.allowed).toBe(true);
  });

  it("refuses in dontAsk mode what would ask, and still lets an allow rule or a read through", () => {
    expect(decideAcpPermission({ mode: "dontAsk", kind: "execute", rule: undefined })).toEqual({
      allowed: false,
      reason: "The permission mode (dontAsk) refuses what would ask",
    });
    expect(decideAcpPermission({ mode: "dontAsk", kind: "edit", rule: allowEdits })?.allowed).toBe(true);
    expect(decideAcpPermission({ mode: "dontAsk", kind: "search", rule: undefined })?.allowed).toBe(true);
  });

  it("lets a deny rule win over every mode, and plan mode refuse edits whatever the allow rules", () => {
    expect(decideAcpPermission({ mode: "bypassPermissions", kind: "edit", rule: denyEdits })).toEqual({
      allowed: false,
      reason: "The project's rule gemini:edit denies it",
    });
    expect(decideAcpPermission({ mode: "plan", kind: "edit", rule: allowEdits })).toEqual({
      allowed: false,
      reason: "The permission mode (plan) refuses it",
    });
    expect(decideAcpPermission({ mode: "acceptEdits", kind: "move", rule: undefined })?.allowed).toBe(true);
    expect(decideAcpPermission({ mode: "acceptEdits", kind: "execute", rule: undefined })).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { sessionInfoToFrontend } from "./session-info.ts";
import { sessionListResultToFrontend } from "./session-list-result.ts";

describe("sessionInfoToFrontend", () => {
  it("renames session_id to id and keeps the human-readable update time", () => {
    expect(
      sessionInfoToFrontend({ session_id: "ses_1", title: "Fix the build", updated: "2 hours ago" }),
    ).toStrictEqual({
      id: "ses_1",
      title: "Fix the build",
      updated: "2 hours ago",
    });
  });
});

describe("sessionListResultToFrontend", () => {
  it("lists the sessions in the CLI's order", () => {
    expect(
      sessionListResultToFrontend({
        success: true,
        sessions: [
          { session_id: "b", title: "Second", updated: "today" },
          { session_id: "a", title: "", updated: "" },
        ],
      }),
    ).toStrictEqual([
      { id: "b", title: "Second", updated: "today" },
      { id: "a", title: "", updated: "" },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { parseWorkflowCommand } from "./workflow-command.ts";

describe("a /workflow line in the composer", () => {
  it("names the workflow and its inputs, quoted values included", () => {
    expect(parseWorkflowCommand(`/release version=1.2 notes="two \\"big\\" words" tag='v 1'`)).toEqual({
      name: "release",
      inputs: { version: "1.2", notes: 'two "big" words', tag: "v 1" },
    });
    expect(parseWorkflowCommand("/nightly")).toEqual({ name: "nightly", inputs: {} });
  });

  it("is a message when it is not a command: prose, a path, or words that are not key=value", () => {
    expect(parseWorkflowCommand("hello /release")).toBeUndefined();
    expect(parseWorkflowCommand("/usr/bin is odd")).toBeUndefined();
    expect(parseWorkflowCommand("/release now please")).toBeUndefined();
  });
});

import type { SettingsUpdate } from "@parley/protocol";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EndpointsSection } from "../src/settings/endpoints-section.tsx";
import type { SettingsResult } from "../src/settings/settings-api.ts";

describe("Settings: OpenAI-compatible endpoints", () => {
  it("says which endpoint a refusal is about: the one being added by its field, another by its id", async () => {
    const settings = { providers: { openai_compatible: [{ id: "old", base_url: "http://127.0.0.1:9/v1" }] } };
    const sent: SettingsUpdate[] = [];
    const save = async (update: SettingsUpdate): Promise<SettingsResult> => {
      sent.push(update);
      return {
        ok: false,
        status: 400,
        message: "invalid settings",
        signedOut: false,
        issues: [
          { path: "body.providers.openai_compatible.1.base_url", message: "must be an http(s) URL" },
          { path: "body.providers.openai_compatible.0.models", message: "must be a list" },
        ],
      };
    };
    render(<EndpointsSection settings={settings} latest={async () => settings} save={save} />);
    fireEvent.change(screen.getByTestId("endpoint-id"), { target: { value: "gateway" } });
    fireEvent.change(screen.getByTestId("endpoint-url"), { target: { value: "http://127.0.0.1:1/v1" } });
    fireEvent.click(screen.getByTestId("endpoint-save"));

    expect((await screen.findByTestId("endpoint-feedback")).textContent).toBe(
      "base_url: must be an http(s) URL; endpoint old, models: must be a list",
    );
    expect(sent).toHaveLength(1);
  });
});

import { ParleyClient } from "@parley/sdk";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createSettingsApi } from "../src/settings/settings-api.ts";
import { SettingsPage } from "../src/settings/settings-page.tsx";
import { THEME_STORAGE_KEY, ThemeProvider } from "../src/theme/theme-context.tsx";
import { demoSettingsView, FakeSettingsApi } from "./fake-settings-api.ts";

function renderSettings(api = new FakeSettingsApi()) {
  const onClose = vi.fn();
  render(
    <ThemeProvider>
      <SettingsPage api={api} onClose={onClose} />
    </ThemeProvider>,
  );
  return { api, onClose };
}

describe("SettingsPage", () => {
  it("shows which model answers and whether each key is set, never a key", async () => {
    const api = new FakeSettingsApi({
      ...demoSettingsView(),
      api_keys: [
        { provider: "anthropic", configured: true, hint: "…wxyz", source: "env" },
        { provider: "openai", configured: false, source: "none" },
      ],
    });
    renderSettings(api);
    expect((await screen.findByTestId("settings-current-model")).textContent).toContain(
      "Demo model (offline)",
    );
    expect(screen.getByTestId("settings-key-status-anthropic").textContent).toBe(
      "Set (…wxyz), from ANTHROPIC_API_KEY",
    );
    expect(screen.getByTestId("settings-key-status-openai").textContent).toBe("Not set");
    expect((screen.getByTestId("settings-key-anthropic") as HTMLInputElement).type).toBe("password");
    expect((screen.getByTestId("settings-key-anthropic") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("settings-key-remove-anthropic")).toBeNull();
  });

  it("saves a key once, shows only its hint afterwards, and removes it with null", async () => {
    const { api } = renderSettings();
    const input = (await screen.findByTestId("settings-key-openai")) as HTMLInputElement;
    await userEvent.type(input, "sk-test-1234");
    await userEvent.click(screen.getByTestId("settings-key-save-openai"));
    expect(api.updates).toEqual([{ providers: { openai: { api_key: "sk-test-1234" } } }]);
    expect(input.value).toBe("");
    expect(screen.getByTestId("settings-key-status-openai").textContent).toBe("Set (…1234)");
    expect(document.body.textContent).not.toContain("sk-test-1234");

    await userEvent.click(screen.getByTestId("settings-key-remove-openai"));
    expect(api.updates.at(-1)).toEqual({ providers: { openai: { api_key: null } } });
    expect(screen.getByTestId("settings-key-status-openai").textContent).toBe("Not set");
  });

  it("saves the picked provider and model as one reference", async () => {
    const { api } = renderSettings();
    await userEvent.selectOptions(await screen.findByTestId("settings-provider"), "anthropic");
    await userEvent.type(screen.getByTestId("settings-model"), "claude-sonnet-5-5");
    await userEvent.click(screen.getByTestId("settings-save-model"));
    expect(api.updates).toEqual([{ model: "anthropic:claude-sonnet-5-5", fallback_model: null }]);
    expect(screen.getByTestId("settings-saved").textContent).toContain("claude-sonnet-5-5 (anthropic)");
  });

  it("needs no model name for the demo model", async () => {
    const api = new FakeSettingsApi({ ...demoSettingsView(), settings: { model: "openai:gpt-x" } });
    renderSettings(api);
    expect(((await screen.findByTestId("settings-provider")) as HTMLSelectElement).value).toBe("openai");
    expect((screen.getByTestId("settings-model") as HTMLInputElement).value).toBe("gpt-x");
    await userEvent.selectOptions(screen.getByTestId("settings-provider"), "demo");
    expect((screen.getByTestId("settings-model") as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByTestId("settings-save-model"));
    expect(api.updates).toEqual([{ model: "demo", fallback_model: null }]);
  });

  it("shows the server's validation errors next to the fields they concern", async () => {
    const { api } = renderSettings();
    api.rejectNextSave = {
      message: "body.fallback_model: expected provider:model",
      issues: [{ path: "body.fallback_model", message: 'expected "provider:model"' }],
    };
    await userEvent.type(await screen.findByTestId("settings-fallback-model"), "nonsense");
    await userEvent.click(screen.getByTestId("settings-save-model"));
    expect(screen.getByTestId("settings-fallback-model-error").textContent).toBe('expected "provider:model"');
    expect(screen.getByTestId("settings-fallback-model").getAttribute("aria-invalid")).toBe("true");
    expect(
      within(screen.getByTestId("settings-error")).getByText(/expected "provider:model"/),
    ).not.toBeNull();
    expect(screen.queryByTestId("settings-saved")).toBeNull();
  });

  it("refuses a provider without a model name before asking the server", async () => {
    const { api } = renderSettings();
    await userEvent.selectOptions(await screen.findByTestId("settings-provider"), "openai");
    await userEvent.click(screen.getByTestId("settings-save-model"));
    expect(api.updates).toEqual([]);
    expect(screen.getByTestId("settings-model-error").textContent).toContain("model name");
  });

  it("warns when the configured model cannot be used", async () => {
    const view = demoSettingsView();
    renderSettings(
      new FakeSettingsApi({ ...view, model: { ...view.model, error: "anthropic needs an API key" } }),
    );
    expect((await screen.findByTestId("settings-model-problem")).textContent).toBe(
      "anthropic needs an API key",
    );
  });

  it("says when the browser is signed out", async () => {
    const api = new FakeSettingsApi();
    api.signedOut = true;
    renderSettings(api);
    expect((await screen.findByTestId("settings-load-error")).textContent).toContain("Signed out");
  });

  it("shows the server's limits, the variable that changes each, and how big the event history is", async () => {
    const api = new FakeSettingsApi();
    api.limits = {
      ...api.limits,
      sse_buffer_bytes: 4 * 1024 * 1024,
      event_retention: { ...api.limits.event_retention, max_age_ms: 7 * 24 * 60 * 60 * 1000 },
    };
    renderSettings(api);
    const section = await screen.findByTestId("settings-limits");
    const rows = await within(section).findAllByRole("row");
    const text = rows.map((row) => row.textContent);
    expect(text).toContain("Unsent events per connection4.0 MBPARLEY_SSE_BUFFER_MB");
    expect(text).toContain("Event history kept7 daysPARLEY_EVENT_RETENTION_DAYS");
    expect(text).toContain("Event history size512 MBPARLEY_EVENT_RETENTION_MB");
    expect(text).toContain("Token deltas kept after a run1 hourPARLEY_TOKEN_COMPACTION_MINUTES");
    expect(screen.getByTestId("settings-limits-log").textContent).toContain("3.0 MB now (up to event 1,234)");
  });

  it("switches the theme between system, light and dark and remembers the choice", async () => {
    renderSettings();
    await userEvent.click(screen.getByTestId("settings-theme-dark"));
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    await userEvent.click(screen.getByTestId("settings-theme-system"));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe("light");
  });
});

describe("createSettingsApi", () => {
  function scriptedClient(status: number, body: unknown) {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
    );
    return { fetch, api: createSettingsApi(new ParleyClient({ fetch })) };
  }

  it("posts updates as JSON to /api/settings and returns the new view", async () => {
    const { fetch, api } = scriptedClient(200, demoSettingsView());
    const result = await api.save({ model: "demo" });
    expect(result).toEqual({ ok: true, value: demoSettingsView() });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/settings");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ model: "demo" });
  });

  it("turns the server's error body into a message and field issues", async () => {
    const { api } = scriptedClient(400, {
      error: {
        code: "invalid_request",
        message: "body.model: bad",
        issues: [{ path: "body.model", message: "bad" }],
      },
    });
    expect(await api.save({ model: "x" })).toEqual({
      ok: false,
      status: 400,
      message: "body.model: bad",
      issues: [{ path: "body.model", message: "bad" }],
      signedOut: false,
    });
  });

  it("flags a 401 as signed out", async () => {
    const { api } = scriptedClient(401, {
      error: { code: "unauthorized", message: "authentication required" },
    });
    const result = await api.load();
    expect(result.ok === false && result.signedOut).toBe(true);
  });
});

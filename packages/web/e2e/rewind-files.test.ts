// @vitest-environment node
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChangeReportPart } from "./pages/cards.ts";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("rewinding a run's files from its change report in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();
  const projectFile = (path: string) => join(suite.server.projectDirectory, path);

  it("lists what the rewind would do, warns about a file changed since, and puts the files back on confirm", async () => {
    const { server } = suite;
    mkdirSync(projectFile("app"), { recursive: true });
    writeFileSync(projectFile("app/server.ts"), "const port = 3000;\nlisten(port);\n");
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.choosePermissionMode("acceptEdits");
    server.fake.script(
      reply()
        .toolCall("Write", { file_path: "app/config.ts", content: "export const debug = false;\n" })
        .toolCall("Edit", {
          file_path: "app/server.ts",
          old_string: "const port = 3000;",
          new_string: "const port = 8080;",
        }),
      reply().text("Both files are changed."),
    );
    await chat.send("Add a config file and move the server to port 8080");
    // The run's own report (the rewind adds one of its own below it).
    const report = new ChangeReportPart(
      chat.page
        .locator("[data-testid=special-block][data-block-type=change_report]:not([data-rewind])")
        .first(),
    );
    await report.root.waitFor();
    await chat.waitForAgentPhase("done");
    // The person edits a file after the agent did: the rewind warns that this is lost too.
    writeFileSync(projectFile("app/server.ts"), "const port = 8080;\nlisten(port);\n// mine\n");

    await report.root.getByTestId("rewind-files-start").click();
    const preview = report.root.getByTestId("rewind-preview");
    await preview.waitFor();
    expect(
      await preview
        .getByTestId("rewind-file")
        .evaluateAll((files) => files.map((file) => [file.dataset.path, file.dataset.outcome])),
    ).toEqual([
      ["app/config.ts", "deleted"],
      ["app/server.ts", "restored"],
    ]);
    expect(await preview.getByTestId("rewind-changed-since").textContent()).toContain("app/server.ts");
    expect(existsSync(projectFile("app/config.ts"))).toBe(true);
    await saveScreenshot(chat.page, "rewind-preview");

    await preview.getByTestId("rewind-files-confirm").click();
    expect(await report.root.getByTestId("rewind-result").textContent()).toContain("Rewound 2 files");
    expect(readFileSync(projectFile("app/server.ts"), "utf8")).toBe("const port = 3000;\nlisten(port);\n");
    expect(existsSync(projectFile("app/config.ts"))).toBe(false);
    // Every client sees the rewind as a report of its own, from the event stream.
    const rewound = chat.page.locator(
      "[data-testid=special-block][data-block-type=change_report][data-rewind=true]",
    );
    await rewound.waitFor();
    expect(await rewound.textContent()).toContain("2 files rewound");
    await saveScreenshot(chat.page, "rewind-done");
  });
});

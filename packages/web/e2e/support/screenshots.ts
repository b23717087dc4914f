import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { webPackageDirectory } from "./build-web-ui.ts";

/** Where the suite leaves its pictures of the UI's main states (gitignored, kept by CI as artifacts). */
export const screenshotDirectory = join(webPackageDirectory, "test-results", "screenshots");

/** Saves what the page shows now as `<name>.png`, with animations stopped so the picture is stable. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDirectory, { recursive: true });
  const path = join(screenshotDirectory, `${name}.png`);
  await page.screenshot({ path, animations: "disabled", caret: "hide" });
  return path;
}

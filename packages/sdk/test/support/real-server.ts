/**
 * The real Parley server for SDK tests: packages/server's test harness (a real HTTP server on a free
 * port, a real SQLite store) with its model pointed at @parley/testkit's scripted fake model.
 */
export { startTestServer, type TestServer } from "../../../server/test/support/test-server.ts";

/** Reads the raw bytes of `GET /api/events?after=<after>` until the frame with seq `untilSeq` has arrived. */
export async function readEventBytes(
  url: string,
  token: string,
  options: { after: number; untilSeq: number },
): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/events?after=${options.after}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.body === null) throw new Error(`GET /api/events answered ${response.status} without a body`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.includes(`id: ${options.untilSeq}\n`) && text.endsWith("\n\n")) break;
  }
  controller.abort();
  await reader.cancel().catch(() => {});
  return text;
}

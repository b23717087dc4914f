import { createServer, type Server } from "node:http";
import { type FetchHandler, nodeListener } from "./fetch/node-listener.ts";

/** The default port; when it is taken (and PARLEY_PORT is not set) the server picks a free one. */
export const DEFAULT_PORT = 4780;

/** Listens on `port`, or on DEFAULT_PORT and else a free one when no port is asked for. */
export async function listen(fetch: FetchHandler, host: string, port: number | undefined): Promise<Server> {
  const attempt = (candidate: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(nodeListener(fetch));
      server.once("listening", () => resolve(server));
      server.once("error", reject);
      server.listen(candidate, host);
    });
  if (port !== undefined) return attempt(port);
  try {
    return await attempt(DEFAULT_PORT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return attempt(0);
  }
}

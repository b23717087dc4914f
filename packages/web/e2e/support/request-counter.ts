import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP listener that only counts who called it: the stand-in for an attacker's server that
 * model output points images, links and "server addresses" at. Any request it sees is a leak.
 */
export interface RequestCounter {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request received, as `METHOD path?query`. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts a request counter on a free loopback port. */
export async function startRequestCounter(): Promise<RequestCounter> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { request as httpRequest } from "node:http";

/** A response as the wire carried it: status, lower-cased headers (repeated ones joined) and body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with exactly these headers (Host included), which `fetch` would not let a test forge. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * Sends one HTTP/1.1 request over node:http. Only `host` (the URL's, unless given) and, for a body,
 * `content-length` are added; the response body is read fully unless it is an event stream, which is
 * cancelled after its headers (a test of the stream's gatekeeping only needs the status).
 */
export function rawRequest(url: string, options: RawRequest): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: Number(target.port),
        method: options.method,
        path: options.path,
        headers: { host: target.host, ...options.headers },
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        const done = () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        if (String(incoming.headers["content-type"]).startsWith("text/event-stream")) {
          incoming.destroy();
          done();
          return;
        }
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", done);
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

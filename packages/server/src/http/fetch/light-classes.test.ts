import { describe, expect, it } from "vitest";
import { LightHeaders } from "./light-headers.ts";
import { LightResponse } from "./light-response.ts";

/** What a Headers object shows to a reader: every entry in order, each name's value, the cookies. */
function seen(headers: Headers | LightHeaders): unknown {
  return {
    entries: [...headers],
    values: ["content-type", "x-many", "set-cookie", "cookie", "absent"].map((name) => headers.get(name)),
    has: headers.has("X-Many"),
    cookies: headers.getSetCookie(),
  };
}

describe("the server's light fetch classes", () => {
  it("Headers: the same entries, values and cookies as Node's, from every kind of init and change", () => {
    const inits: ConstructorParameters<typeof Headers>[0][] = [
      { "Content-Type": " application/json\t", "X-Many": "a" },
      [
        ["x-many", "a"],
        ["X-MANY", "b"],
        ["set-cookie", "one=1"],
        ["Set-Cookie", "two=2"],
        // A browser's or a proxy's cookies on two lines read as one Cookie header: "a=1; s=2".
        ["cookie", "a=1"],
        ["Cookie", "s=2"],
      ],
      new Headers({ b: "2", a: "1" }),
    ];
    for (const init of inits) {
      const node = new Headers(init);
      const light = new LightHeaders(init);
      expect(seen(light)).toEqual(seen(node));
      for (const headers of [node, light]) {
        headers.append("x-many", "c");
        headers.set("Content-Type", "text/plain");
        headers.delete("b");
      }
      expect(seen(light)).toEqual(seen(node));
      expect(new Headers(light as unknown as Headers).get("x-many")).toBe(node.get("x-many"));
    }
    expect(() => new LightHeaders({ "bad name": "x" })).toThrow(TypeError);
    expect(() => new LightHeaders({ ok: "a\r\nb" })).toThrow(TypeError);
  });

  it("Response: the same status, headers and body as Node's for a string, bytes or no body", async () => {
    const cases: [string | Uint8Array | null, ResponseInit | undefined][] = [
      ['{"ok":true}', { status: 201, headers: { "content-type": "application/json" } }],
      ["plain", undefined],
      [new TextEncoder().encode("bytes"), { headers: [["x-a", "1"]] }],
      [null, { status: 204, statusText: "No Content" }],
    ];
    for (const [body, init] of cases) {
      const node = new Response(body, init);
      const light = new LightResponse(body, init);
      expect([light.status, light.statusText, light.ok, [...light.headers]]).toEqual([
        node.status,
        node.statusText,
        node.ok,
        [...node.headers],
      ]);
      expect(await light.clone().text()).toBe(await node.clone().text());
      expect(light.body === null).toBe(node.body === null);
      if (light.body !== null) expect(await new Response(light.body).text()).toBe(await node.text());
    }
    expect(() => new LightResponse("x", { status: 204 })).toThrow(TypeError);
    expect(() => new LightResponse(null, { status: 99 })).toThrow(RangeError);
    const once = new LightResponse("x");
    await once.text();
    await expect(once.text()).rejects.toThrow(TypeError);
  });
});

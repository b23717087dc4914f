import { describe, expect, it } from "vitest";
import { acceptedForName } from "./host-names.ts";

describe("the names a server is reached by (--allowed-host)", () => {
  it("takes a name with a port as a load balancer forwards it, and only that", () => {
    expect(acceptedForName("Localhost:8080", 4000)).toEqual({
      hosts: ["localhost:8080"],
      origins: ["http://localhost:8080", "https://localhost:8080"],
    });
    expect(acceptedForName("[::1]:8080", 4000).hosts).toEqual(["[::1]:8080"]);
  });

  it("takes a bare name on the server's own port or, behind a proxy, on the default one", () => {
    expect(acceptedForName("parley.example.com", 4000)).toEqual({
      hosts: ["parley.example.com:4000", "parley.example.com"],
      origins: ["http://parley.example.com:4000", "http://parley.example.com", "https://parley.example.com"],
    });
  });
});

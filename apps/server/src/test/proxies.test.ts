import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_ADDRESS } from "../auth/limits";
import { loadConfig } from "../config";
import { startTestServer, testEngines, type TestServer } from "./harness";

/** X-Forwarded-For is believed only from the proxies TRUST_PROXY names: anyone else could claim any address. */
describe.each(testEngines())("behind proxies (%s)", (engine) => {
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    direct = await startTestServer(engine);
    proxied = await startTestServer(engine, {
      trustProxy: loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", TRUST_PROXY: "1" }).trustProxy,
    });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  /** Failed sign-ins for different accounts, each claiming another address. */
  async function guess(t: TestServer, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const res = await t.server.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
        payload: { email: `someone${i}@example.com`, password: "a wrong password" },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it("by default, a made-up X-Forwarded-For changes nothing: the address limit holds", async () => {
    const statuses = await guess(direct, LOGIN_FAILURES_PER_ADDRESS + 5);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURES_PER_ADDRESS).every((s) => s === 429)).toBe(true);
  });

  it("with TRUST_PROXY=1, the proxy's X-Forwarded-For is the client's address", async () => {
    const statuses = await guess(proxied, LOGIN_FAILURES_PER_ADDRESS + 5);
    expect(statuses.every((s) => s === 401)).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  const parse = (value: string | undefined) =>
    loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...(value === undefined ? {} : { TRUST_PROXY: value }) })
      .trustProxy;
  it("trusts none when unset, a hop count, or a list of addresses and ranges", () => {
    expect(parse(undefined)).toBe(false);
    expect(parse("2")).toBe(2);
    expect(parse("10.0.0.1, 192.168.0.0/16,loopback")).toEqual(["10.0.0.1", "192.168.0.0/16", "loopback"]);
  });
  it("refuses anything else with a readable line", () => {
    expect(() => parse("everyone")).toThrow('TRUST_PROXY: "everyone" is not a hop count, an address or a CIDR range');
  });
});

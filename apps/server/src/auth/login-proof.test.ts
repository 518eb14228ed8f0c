import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadingZeroBits, loginChallengeErrorSchema, type LoginChallenge } from "@vicinity/contract";
import { registerMember, startTestServer, STRONG_PASSWORD, testEngines, type TestServer } from "../test/harness";
import { BUSY_NETWORK_MESSAGE, BUSY_NETWORK_PROOF_REFUSED } from "./routes";
import { LOGIN_FAILURES_PER_ADDRESS } from "./limits";
import { PROOF_DIFFICULTY, proofHash, solveChallenge } from "./login-proof";

describe("leadingZeroBits", () => {
  it("counts the zero bits before the first one", () => {
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(Uint8Array.from([0x00, 0x20]))).toBe(10);
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16);
  });
});

/** A new browser on a busy network is asked for work, not refused. */
describe.each(testEngines())("sign-in from a network where strangers failed (%s)", (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());

  const login = (address: string, body: object) =>
    t.server.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress: address, payload: body });

  /** Strangers on `address` fail on many accounts until the address is over its limit. */
  const burn = async (address: string) => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i += 1) {
      expect((await login(address, { email: `target${i}@example.com`, password: "a guess" })).statusCode).toBe(401);
    }
  };

  /** The 429 that asks for work: first without a proof, then after a proof that did not pass. */
  const challengeOf = (
    res: { statusCode: number; json(): unknown },
    message = BUSY_NETWORK_MESSAGE,
  ): LoginChallenge => {
    expect(res.statusCode).toBe(429);
    const body = loginChallengeErrorSchema.parse(res.json());
    expect(body.message).toBe(message);
    return body.challenge;
  };

  it("a member on a browser he never used signs in with his right password after a proof of work", async () => {
    await registerMember(t.server, "newphone@example.com");
    await burn("100.64.1.1");
    const challenge = challengeOf(
      await login("100.64.1.1", { email: "newphone@example.com", password: STRONG_PASSWORD }),
    );
    expect(challenge).toMatchObject({ difficulty: PROOF_DIFFICULTY });
    const nonce = await solveChallenge(challenge);
    const res = await login("100.64.1.1", {
      email: "newphone@example.com",
      password: STRONG_PASSWORD,
      proof: { token: challenge.token, nonce },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.some((c) => c.name === "vicinity_sid")).toBe(true);
  });

  it("a guesser on that network pays the work for every single guess", async () => {
    await burn("100.64.1.2");
    // Without work: refused, and asked for it.
    const challenge = challengeOf(await login("100.64.1.2", { email: "someone@example.com", password: "guess one" }));
    const nonce = await solveChallenge(challenge);
    // With work: one guess, checked (and counted) like any other.
    expect(
      (
        await login("100.64.1.2", {
          email: "someone@example.com",
          password: "guess one",
          proof: { token: challenge.token, nonce },
        })
      ).statusCode,
    ).toBe(401);
    // The same proof twice: refused, a new challenge instead.
    challengeOf(
      await login("100.64.1.2", {
        email: "someone@example.com",
        password: "guess two",
        proof: { token: challenge.token, nonce },
      }),
      BUSY_NETWORK_PROOF_REFUSED,
    );
  });

  it("refuses proofs made for another account or address, forged, or with too little work", async () => {
    await registerMember(t.server, "careful@example.com");
    await burn("100.64.1.3");
    await burn("100.64.1.4");
    const body = { email: "careful@example.com", password: STRONG_PASSWORD };
    const challenge = challengeOf(await login("100.64.1.3", body));
    const nonce = await solveChallenge(challenge);
    // Another account, another address: the token is bound to both.
    challengeOf(
      await login("100.64.1.3", {
        email: "other@example.com",
        password: "x",
        proof: { token: challenge.token, nonce },
      }),
      BUSY_NETWORK_PROOF_REFUSED,
    );
    challengeOf(
      await login("100.64.1.4", { ...body, proof: { token: challenge.token, nonce } }),
      BUSY_NETWORK_PROOF_REFUSED,
    );
    // A token we did not sign.
    const [expires, random] = challenge.token.split(".");
    challengeOf(
      await login("100.64.1.3", {
        ...body,
        proof: { token: `${expires}.${random}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, nonce },
      }),
      BUSY_NETWORK_PROOF_REFUSED,
    );
    // A nonce whose hash does not begin with enough zero bits.
    let lazy = 0;
    while (leadingZeroBits(await proofHash(challenge.token, `lazy${lazy}`)) >= PROOF_DIFFICULTY) lazy += 1;
    challengeOf(
      await login("100.64.1.3", { ...body, proof: { token: challenge.token, nonce: `lazy${lazy}` } }),
      BUSY_NETWORK_PROOF_REFUSED,
    );
    // The right one still works (the refusals did not use it up).
    expect((await login("100.64.1.3", { ...body, proof: { token: challenge.token, nonce } })).statusCode).toBe(200);
  });

  it("answers a malformed proof with 400 and a message", async () => {
    for (const proof of [{ token: "x" }, { token: "", nonce: "1" }, { token: "x", nonce: "1", extra: 1 }, "proof"]) {
      const res = await login("100.64.1.5", { email: "a@example.com", password: "whatever", proof });
      expect(res.statusCode, JSON.stringify(proof)).toBe(400);
      expect((res.json() as { message: string }).message.length).toBeGreaterThan(3);
    }
  });
});

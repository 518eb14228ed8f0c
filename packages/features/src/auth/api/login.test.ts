import { afterEach, describe, expect, it, vi } from "vitest";
import { argon2id } from "hash-wasm";
import { leadingZeroBits, type LoginChallenge, type SessionUser } from "@vicinity/contract";
import { ApiError } from "@vicinity/features/shared";
import { login } from "./login";
import { solveLoginChallenge } from "./login-proof";

const marco: SessionUser = {
  id: "u_1",
  email: "marco@example.com",
  username: "marco",
  firstName: "Marco",
  displayName: "Marco",
  accountRole: "member",
};
const challenge: LoginChallenge = {
  token: "1700000000000.token-for-a-test.mac",
  difficulty: 3,
  memoryKib: 1024,
  iterations: 1,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the proof of work of a sign-in from a busy network", () => {
  it("hashes as the server does (Argon2id, the token as salt): a known answer from @node-rs/argon2", async () => {
    const hash = await argon2id({
      password: "abc",
      salt: new TextEncoder().encode("1700000000000.token-for-a-test.mac"),
      parallelism: 1,
      iterations: 1,
      memorySize: 8192,
      hashLength: 32,
      outputType: "hex",
    });
    expect(hash).toBe("16e9e02a71584608a3941f7915d254521a4c3dadca5e8d59ac1302fec1d224e7");
  });

  it("finds a nonce with enough leading zero bits", async () => {
    const nonce = await solveLoginChallenge(challenge);
    const hash = await argon2id({
      password: nonce,
      salt: new TextEncoder().encode(challenge.token),
      parallelism: 1,
      iterations: 1,
      memorySize: 1024,
      hashLength: 32,
      outputType: "binary",
    });
    expect(leadingZeroBits(hash)).toBeGreaterThanOrEqual(challenge.difficulty);
  });

  it("answers the server's challenge and signs in with the proof, once", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return body.proof
          ? json(200, marco)
          : json(429, { message: "Many sign-ins failed on your network.", challenge });
      }),
    );
    await expect(login({ email: "marco@example.com", password: "right password" })).resolves.toEqual(marco);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      email: "marco@example.com",
      password: "right password",
      proof: { token: challenge.token },
    });
  });

  it("does not ask twice: a refused proof, or a plain 429, reaches the form as it is", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(429, { message: "Your browser's check did not pass.", challenge })),
    );
    const error = await login({ email: "marco@example.com", password: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe("Your browser's check did not pass.");
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2);

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(429, { message: "Too many failed sign-in attempts. Try again in 15 minutes." })),
    );
    const plain = await login({ email: "marco@example.com", password: "x" }).catch((e: unknown) => e);
    expect((plain as ApiError).serverMessage).toMatch(/Too many failed/);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});

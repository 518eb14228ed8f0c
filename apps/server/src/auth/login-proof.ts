import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hashRaw } from "@node-rs/argon2";
import { leadingZeroBits, type LoginChallenge, type LoginProof } from "@vicinity/contract";
import type { Limiter } from "../http/limits";

/**
 * Proof of work for sign-ins from a busy address (docs/decisions/0020).
 *
 * Strangers behind one address (a carrier's NAT, a campus) who fail too often put the address over
 * its limit. A browser the member signed in from before has its own count (the device cookie). A
 * new browser is not refused either: it is asked for a proof of work: a nonce whose Argon2id hash,
 * salted with a token we signed, begins with DIFFICULTY zero bits. The member's browser finds one
 * in a couple of seconds and signs in with his right password; every guess from that address costs
 * an attacker as much memory-hard work, so guessing many accounts from it stays slow. The
 * per-account limit still holds for every browser but his own (guessing one account from many
 * addresses).
 */
export const PROOF_DIFFICULTY = 6;
export const PROOF_MEMORY_KIB = 8192;
export const PROOF_ITERATIONS = 1;
export const PROOF_TTL_MS = 5 * 60_000;

const ARGON2ID = 2;

function macOf(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(`login-proof:${body}`).digest();
}

/** A token for this address and account: expiry, randomness, and our MAC over both and the binding. */
export function issueChallenge(secret: string, binding: string, now = Date.now()): LoginChallenge {
  const body = `${now + PROOF_TTL_MS}.${randomBytes(12).toString("base64url")}`;
  const mac = macOf(secret, `${body}.${binding}`).toString("base64url");
  return {
    token: `${body}.${mac}`,
    difficulty: PROOF_DIFFICULTY,
    memoryKib: PROOF_MEMORY_KIB,
    iterations: PROOF_ITERATIONS,
  };
}

/** The work itself: what the browser computes for each nonce it tries, and the server once. */
export function proofHash(token: string, nonce: string): Promise<Buffer> {
  return hashRaw(nonce, {
    algorithm: ARGON2ID,
    salt: Buffer.from(token, "utf8"),
    memoryCost: PROOF_MEMORY_KIB,
    timeCost: PROOF_ITERATIONS,
    parallelism: 1,
    outputLen: 32,
  });
}

/**
 * Whether a proof is good: our token, for this binding, not expired, not used before (each token
 * signs in at most once, on any node: `used` is a shared limit of one), and enough work.
 */
export async function checkProof(
  secret: string,
  binding: string,
  proof: LoginProof,
  used: Limiter,
  now = Date.now(),
): Promise<boolean> {
  const parts = proof.token.split(".");
  if (parts.length !== 3) return false;
  const [expires, random, mac] = parts as [string, string, string];
  if (!/^\d{1,15}$/.test(expires) || Number(expires) < now) return false;
  const expected = macOf(secret, `${expires}.${random}.${binding}`);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  if (leadingZeroBits(await proofHash(proof.token, proof.nonce)) < PROOF_DIFFICULTY) return false;
  return (await used.take(proof.token)).allowed;
}

/** Finds a nonce (tests and benchmarks; the browser has its own, packages/features/src/auth/api/login-proof.ts). */
export async function solveChallenge(challenge: LoginChallenge): Promise<string> {
  for (let i = 0; ; i++) {
    const nonce = i.toString(36);
    if (leadingZeroBits(await proofHash(challenge.token, nonce)) >= challenge.difficulty) return nonce;
  }
}

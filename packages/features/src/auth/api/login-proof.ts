import { leadingZeroBits, type LoginChallenge } from "@vicinity/contract";

/**
 * Finds the proof of work a busy network's sign-in asks for (docs/decisions/0020): a nonce whose
 * Argon2id hash, salted with the server's token, begins with `difficulty` zero bits. About
 * 2^difficulty hashes of some 15 ms each; the page stays responsive between them. hash-wasm is
 * loaded only here, when the server asks.
 */
export async function solveLoginChallenge(challenge: LoginChallenge, signal?: AbortSignal): Promise<string> {
  const { argon2id } = await import("hash-wasm");
  const salt = new TextEncoder().encode(challenge.token);
  for (let i = 0; ; i++) {
    if (signal?.aborted) throw new DOMException("The check was stopped", "AbortError");
    const nonce = i.toString(36);
    const hash = await argon2id({
      password: nonce,
      salt,
      parallelism: 1,
      iterations: challenge.iterations,
      memorySize: challenge.memoryKib,
      hashLength: 32,
      outputType: "binary",
    });
    if (leadingZeroBits(hash) >= challenge.difficulty) return nonce;
  }
}

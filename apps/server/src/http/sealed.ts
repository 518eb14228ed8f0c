import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Opaque tokens: a small JSON value encrypted and authenticated with AES-256-GCM
 * under a key derived from the server's secret. A client can neither read what is inside (a page
 * cursor's distance) nor make one up; every node with the same secret opens the others' tokens.
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHash("sha256").update(`${purpose}\0${secret}`).digest();
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The sealed value, or null when the token was not made by us (or was changed). */
  open(token: string): unknown {
    if (!/^[A-Za-z0-9_-]{40,400}$/.test(token)) return null;
    const raw = Buffer.from(token, "base64url");
    if (raw.length < 29) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }
}

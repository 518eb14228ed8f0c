import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PATHS, LINK_PROBLEMS } from "@vicinity/contract";
import {
  apiCaller,
  registerMember,
  sessionCookie,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "../test/harness";
import { tokenOf, useMailServer, type TestSmtp } from "../test/smtp";

const CHANGED = "Your email address was changed";
const CONFIRM_NEW = "Confirm your new email address";

/**
 * Security finding (high): with a stolen session and the password, changing the address twice
 * killed the undo link mailed to the original address (a newer undo link deleted the older one).
 * Each test goes through the HTTP API and the mails the test SMTP server receives.
 */
describe.each(testEngines())("undoing an address change after a takeover (%s)", (engine) => {
  const mail = useMailServer(engine);
  let t: TestServer;
  let smtp: TestSmtp;
  beforeAll(() => void ({ t, smtp } = mail));
  const call = apiCaller(() => t.server);
  const linkTo = async (to: string, subject: string) => tokenOf(smtp.linkIn(await smtp.waitFor(to, subject)));
  const login = (email: string, password = STRONG_PASSWORD) =>
    t.server.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

  /** The victim, his address confirmed from the mail, and the attacker's session from the stolen password. */
  async function victimAndThief(email: string) {
    const victim = await registerMember(t.server, email);
    const verified = await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, {
      token: await linkTo(email, "Confirm your email address"),
    });
    expect(verified.json()).toEqual({ ok: true });
    const thief = sessionCookie(await login(email));
    return { victim: victim.cookie, thief };
  }

  /** The thief moves the account to `to` and confirms it from that mailbox (his); the undo link goes to `from`. */
  async function moveTo(thief: string, from: string, to: string): Promise<string> {
    const asked = await call("POST", ACCOUNT_PATHS.changeEmail, thief, { email: to, password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    const confirmed = await call("POST", ACCOUNT_PATHS.confirmEmailChange, undefined, {
      token: await linkTo(to, CONFIRM_NEW),
    });
    expect(confirmed.json()).toEqual({ ok: true, email: to });
    return linkTo(from, CHANGED);
  }

  it("the undo link mailed to the original address still works after two more changes: it restores that address and ends every session; the thief's later links die", async () => {
    const { victim, thief } = await victimAndThief("victim@example.com");
    const undoToOriginal = await moveTo(thief, "victim@example.com", "t1@evil.example");
    const undoToT1 = await moveTo(thief, "t1@evil.example", "t2@evil.example");
    // The thief also asks for a reset link at his address, to come back later.
    expect((await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "t2@evil.example" })).statusCode).toBe(
      202,
    );
    const reset = await linkTo("t2@evil.example", "Choose a new password");

    const undone = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undoToOriginal });
    expect([undone.statusCode, undone.json()], undone.body).toEqual([200, { ok: true, email: "victim@example.com" }]);
    expect(undone.headers["set-cookie"]).toMatch(/vicinity_sid=;/);
    // Every session of the account ended: the thief's and the victim's.
    expect((await call("GET", "/api/auth/user", thief)).statusCode).toBe(401);
    expect((await call("GET", "/api/auth/user", victim)).statusCode).toBe(401);
    expect((await login("victim@example.com")).statusCode).toBe(200);
    expect((await login("t2@evil.example")).statusCode).toBe(401);

    // What the thief kept from his own mailboxes is worth nothing now.
    const back = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undoToT1 });
    expect([back.statusCode, back.json()]).toEqual([400, { message: LINK_PROBLEMS.invalid, reason: "invalid" }]);
    const resetLater = await call("POST", ACCOUNT_PATHS.resetPassword, undefined, {
      token: reset,
      password: "the thief's own long passphrase",
    });
    expect([resetLater.statusCode, resetLater.json()]).toEqual([
      400,
      { message: LINK_PROBLEMS.invalid, reason: "invalid" },
    ]);
    expect((await login("victim@example.com")).statusCode).toBe(200);
    // The link works once.
    const again = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undoToOriginal });
    expect([again.statusCode, again.json()]).toEqual([400, { message: LINK_PROBLEMS.used, reason: "used" }]);
  });

  it("neither the thief's own undo link nor taking the original address (a sign-up, another account's change) stops the owner's undo", async () => {
    const { thief } = await victimAndThief("owner@example.com");
    const undoToOriginal = await moveTo(thief, "owner@example.com", "t1@evil.example");
    const undoToT1 = await moveTo(thief, "t1@evil.example", "t2@evil.example");
    // His own undo puts back his own address; the one before it still goes back to the owner's.
    const own = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undoToT1 });
    expect(own.json()).toEqual({ ok: true, email: "t1@evil.example" });
    // The address the owner's link goes back to is not free for anyone else until it is used or expires.
    const squat = await t.server.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { email: "Owner@example.com", password: STRONG_PASSWORD },
    });
    expect([squat.statusCode, squat.json()]).toEqual([409, { message: "An account with this email already exists" }]);
    const other = await registerMember(t.server, "accomplice@evil.example");
    await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, {
      token: await linkTo("accomplice@evil.example", "Confirm your email address"),
    });
    const taken = await call("POST", ACCOUNT_PATHS.changeEmail, other.cookie, {
      email: "owner@example.com",
      password: STRONG_PASSWORD,
    });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: "An account with this email already exists" }]);

    const undone = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undoToOriginal });
    expect([undone.statusCode, undone.json()], undone.body).toEqual([200, { ok: true, email: "owner@example.com" }]);
    expect((await login("owner@example.com")).statusCode).toBe(200);
    expect((await login("t1@evil.example")).statusCode).toBe(401);
  });
});

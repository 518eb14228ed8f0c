import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PATHS, LINK_PROBLEMS, RESET_SENT_MESSAGE, type DeviceSession } from "@vicinity/contract";
import { users } from "../db/schema";
import { createMailer } from "../mail/mailer";
import {
  apiCaller,
  registerMember,
  sessionCookie,
  startTestServer,
  STRONG_PASSWORD,
  testConfig,
  testEngines,
  type TestServer,
} from "../test/harness";
import { MAIL_APP_URL, tokenOf, useMailServer, type TestSmtp } from "../test/smtp";

const APP = MAIL_APP_URL;
const NEW_PASSWORD = "a brand new and long passphrase";

describe.each(testEngines())("accounts by email (%s)", (engine) => {
  const mail = useMailServer(engine);
  let t: TestServer;
  let smtp: TestSmtp;
  beforeAll(() => void ({ t, smtp } = mail));
  const call = apiCaller(() => t.server);
  const me = async (cookie: string) =>
    (await call("GET", "/api/auth/user", cookie)).json() as { email: string; emailVerified?: boolean };
  const login = (email: string, password: string, userAgent?: string) =>
    t.server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
      headers: userAgent ? { "user-agent": userAgent } : {},
    });

  it("sends a link at sign-up; opening it confirms the address once; a used, expired, superseded or made-up link is refused with a clear message", async () => {
    const member = await registerMember(t.server, "new@example.com");
    expect(await me(member.cookie)).toMatchObject({ emailVerified: false });
    const mail = await smtp.waitFor("new@example.com", "Confirm your email address");
    expect(mail.text).toContain("Confirm my address: https://vicinity.test/verify-email#token=");
    expect(mail.html).toContain('href="https://vicinity.test/verify-email#token=');
    const token = tokenOf(smtp.linkIn(mail));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const stored = await t.database.db.execute(sql`SELECT token_hash FROM email_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token })).json()).toEqual({ ok: true });
    expect(await me(member.cookie)).toMatchObject({ emailVerified: true });
    const again = await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token });
    expect([again.statusCode, again.json()]).toEqual([400, { message: LINK_PROBLEMS.used, reason: "used" }]);
    const madeUp = await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token: "x".repeat(43) });
    expect([madeUp.statusCode, madeUp.json()]).toEqual([400, { message: LINK_PROBLEMS.invalid, reason: "invalid" }]);
    expect((await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, {})).json()).toEqual({
      message: "token is required",
    });
    // Confirmed: nothing to send again.
    expect((await call("POST", ACCOUNT_PATHS.resendVerification, member.cookie)).statusCode).toBe(409);

    // Another member lets his link expire, asks again (3 times an hour), and only the newest link works.
    const late = await registerMember(t.server, "late@example.com");
    const first = tokenOf(smtp.linkIn(await smtp.waitFor("late@example.com", "Confirm your email address")));
    await t.database.db.execute(sql`UPDATE email_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token: first });
    expect([expired.statusCode, expired.json()]).toEqual([400, { message: LINK_PROBLEMS.expired, reason: "expired" }]);
    for (let i = 0; i < 3; i += 1)
      expect((await call("POST", ACCOUNT_PATHS.resendVerification, late.cookie)).statusCode).toBe(202);
    const limited = await call("POST", ACCOUNT_PATHS.resendVerification, late.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: "We sent it 3 times in the last hour. Check your spam folder, or try again later.",
    });
    await t.server.context.mail.idle();
    await expect.poll(() => smtp.received.filter((m) => m.to === "late@example.com").length).toBe(4);
    const links = smtp.received.filter((m) => m.to === "late@example.com").map((m) => tokenOf(smtp.linkIn(m)));
    expect((await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token: links[1]! })).json()).toMatchObject({
      reason: "invalid",
    });
    expect((await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, { token: links[3]! })).json()).toEqual({
      ok: true,
    });
    // A guest or a visitor cannot ask for one.
    expect((await call("POST", ACCOUNT_PATHS.resendVerification)).statusCode).toBe(401);
  });

  it("resets a forgotten password from the mail: the same answer for any address, one use within the hour, every session ended", async () => {
    const member = await registerMember(t.server, "forgetful@example.com");
    const other = await login("forgetful@example.com", STRONG_PASSWORD);
    const unknown = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "nobody@example.com" });
    const known = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "Forgetful@Example.com" });
    expect([unknown.statusCode, unknown.json()]).toEqual([202, { ok: true, message: RESET_SENT_MESSAGE }]);
    expect([known.statusCode, known.json()]).toEqual([202, { ok: true, message: RESET_SENT_MESSAGE }]);
    const mail = await smtp.waitFor("forgetful@example.com", "Choose a new password");
    expect(mail.text).toContain("The link works for one hour and only once.");
    expect(mail.html).toContain("Choose a new password");
    const token = tokenOf(smtp.linkIn(mail));
    expect(smtp.linkIn(mail).startsWith(`${APP}/reset-password#token=`)).toBe(true);
    await t.server.context.mail.idle();
    expect(smtp.received.some((m) => m.to === "nobody@example.com")).toBe(false);

    expect((await call("POST", ACCOUNT_PATHS.checkReset, undefined, { token })).json()).toEqual({ ok: true });
    // A refused password does not use the link up.
    for (const [password, message] of [
      ["short", "Passwords must be at least 8 characters"],
      ["password123", "This password is too common"],
    ] as const) {
      const refused = await call("POST", ACCOUNT_PATHS.resetPassword, undefined, { token, password });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message }]);
    }
    const reset = await call("POST", ACCOUNT_PATHS.resetPassword, undefined, { token, password: NEW_PASSWORD });
    expect(reset.json()).toEqual({ ok: true });
    expect(reset.headers["set-cookie"]).toMatch(/vicinity_sid=;/);
    // Every session has ended; the new password signs in, the old one does not.
    expect((await call("GET", "/api/auth/user", member.cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/auth/user", sessionCookie(other))).statusCode).toBe(401);
    expect((await login("forgetful@example.com", STRONG_PASSWORD)).statusCode).toBe(401);
    const fresh = await login("forgetful@example.com", NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    // Opening the link proved the address his.
    expect(fresh.json()).toMatchObject({ emailVerified: true });
    const reused = await call("POST", ACCOUNT_PATHS.resetPassword, undefined, {
      token,
      password: "yet another long passphrase",
    });
    expect([reused.statusCode, reused.json()]).toEqual([400, { message: LINK_PROBLEMS.used, reason: "used" }]);
    expect((await call("POST", ACCOUNT_PATHS.checkReset, undefined, { token })).json()).toMatchObject({
      reason: "used",
    });

    // A link older than an hour.
    expect(
      (await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "forgetful@example.com" })).statusCode,
    ).toBe(202);
    await expect.poll(() => smtp.received.filter((m) => m.subject === "Choose a new password").length).toBe(2);
    const late = tokenOf(smtp.linkIn(smtp.received.filter((m) => m.subject === "Choose a new password")[1]!));
    await t.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = created_at + interval '1 hour', created_at = now() - interval '61 minutes' WHERE purpose = 'reset' AND used_at IS NULL`,
    );
    await t.database.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 minute' WHERE purpose = 'reset' AND used_at IS NULL`,
    );
    const expired = await call("POST", ACCOUNT_PATHS.resetPassword, undefined, {
      token: late,
      password: "yet another long passphrase",
    });
    expect([expired.statusCode, expired.json()]).toEqual([400, { message: LINK_PROBLEMS.expired, reason: "expired" }]);
    expect((await login("forgetful@example.com", NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("limits reset mails per address (known or not) and per network, and refuses bad input", async () => {
    // The earlier tests' requests came from the same address.
    await t.server.context.limits.get("reset-network", 10, 60 * 60 * 1000).reset("127.0.0.1");
    for (let i = 0; i < 3; i += 1) {
      const res = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "target@example.com" });
      expect(res.statusCode, res.body).toBe(202);
    }
    const limited = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "TARGET@example.com" });
    expect([limited.statusCode, limited.json()]).toEqual([
      429,
      { message: "Too many reset requests for this address. Try again later." },
    ]);
    for (const [body, message] of [
      [{}, "Enter your email address"],
      [{ email: "not an address" }, "Enter a valid email address"],
      [{ email: "a@example.com", extra: 1 }, "Unknown field: extra"],
    ] as const) {
      const res = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, body);
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    // The refused fourth counted for the network too: six more make ten.
    for (let i = 0; i < 6; i += 1)
      expect(
        (await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: `n${i}@example.com` })).statusCode,
      ).toBe(202);
    const network = await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "fresh@example.com" });
    expect([network.statusCode, network.json()]).toEqual([
      429,
      { message: "Too many reset requests from your network. Try again later." },
    ]);
  });

  it("changes the address only from the new one's link, tells the old one with an undo link, and the undo signs everyone out", async () => {
    const member = await registerMember(t.server, "old@example.com");
    await registerMember(t.server, "taken@example.com");
    const change = (body: object) => call("POST", ACCOUNT_PATHS.changeEmail, member.cookie, body);
    const unverified = await change({ email: "new@example.com", password: STRONG_PASSWORD });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: "Confirm your current address first: open the link we sent you, or send it again from the banner.",
    });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, "old@example.com"));
    for (const [body, status, message] of [
      [{ email: "new@example.com", password: "wrong password" }, 400, "That is not your password"],
      [{ email: "Taken@example.com", password: STRONG_PASSWORD }, 409, "An account with this email already exists"],
      [{ email: "OLD@example.com", password: STRONG_PASSWORD }, 400, "That is already your address"],
      [{ email: "nope", password: STRONG_PASSWORD }, 400, "Enter a valid email address"],
    ] as const) {
      const res = await change(body);
      expect([res.statusCode, res.json()]).toEqual([status, { message }]);
    }
    const asked = await change({ email: "New@example.com", password: STRONG_PASSWORD });
    expect([asked.statusCode, asked.json()]).toEqual([
      202,
      { ok: true, message: "We sent a link to new@example.com. Your address changes when you open it." },
    ]);
    // Nothing changes until the new address's link is opened.
    expect(await me(member.cookie)).toMatchObject({ email: "old@example.com" });
    const confirm = await smtp.waitFor("new@example.com", "Confirm your new email address");
    const confirmed = await call("POST", ACCOUNT_PATHS.confirmEmailChange, undefined, {
      token: tokenOf(smtp.linkIn(confirm)),
    });
    expect(confirmed.json()).toEqual({ ok: true, email: "new@example.com" });
    expect(await me(member.cookie)).toMatchObject({ email: "new@example.com", emailVerified: true });
    expect((await login("new@example.com", STRONG_PASSWORD)).statusCode).toBe(200);
    expect(
      (
        await call("POST", ACCOUNT_PATHS.confirmEmailChange, undefined, { token: tokenOf(smtp.linkIn(confirm)) })
      ).json(),
    ).toMatchObject({ reason: "used" });

    const notice = await smtp.waitFor("old@example.com", "Your email address was changed");
    expect(notice.text).toContain("Your Vicinity account now uses new@example.com instead of this address.");
    const undoLink = smtp.linkIn(notice);
    expect(undoLink.startsWith(`${APP}/undo-email-change#token=`)).toBe(true);
    const undone = await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: tokenOf(undoLink) });
    expect(undone.json()).toEqual({ ok: true, email: "old@example.com" });
    expect((await call("GET", "/api/auth/user", member.cookie)).statusCode).toBe(401);
    expect((await login("old@example.com", STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await login("new@example.com", STRONG_PASSWORD)).statusCode).toBe(401);
    expect(
      (await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: tokenOf(undoLink) })).json(),
    ).toMatchObject({ reason: "used" });
  });

  it("lists the member's signed-in devices with browser, nearest town and last activity, and ends one or all others", async () => {
    await registerMember(t.server, "devices@example.com");
    const phone = sessionCookie(
      await login(
        "devices@example.com",
        STRONG_PASSWORD,
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      ),
    );
    const laptop = sessionCookie(
      await login(
        "devices@example.com",
        STRONG_PASSWORD,
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
      ),
    );
    expect(
      (await call("PUT", "/api/users/location", phone, { latitude: 30.3322, longitude: -81.6557 })).statusCode,
    ).toBe(200);
    const list = async (cookie: string) =>
      ((await call("GET", ACCOUNT_PATHS.sessions, cookie)).json() as { sessions: DeviceSession[] }).sessions;
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ current: true, device: "Safari on Mac", place: null });
    const phoneRow = seen.find((s) => s.device === "Chrome on Android")!;
    expect(phoneRow).toMatchObject({ current: false, place: "Jacksonville" });
    expect(phoneRow.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Ending one: that device is signed out at once.
    const ended = await call("DELETE", ACCOUNT_PATHS.session(phoneRow.id), laptop);
    expect(ended.json(), ended.body).toEqual({ ok: true });
    expect((await call("GET", "/api/auth/user", phone)).statusCode).toBe(401);
    const gone = await call("DELETE", ACCOUNT_PATHS.session(phoneRow.id), laptop);
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: "That device is already signed out" }]);
    const here = await call("DELETE", ACCOUNT_PATHS.session(seen[0]!.id), laptop);
    expect([here.statusCode, here.json()]).toEqual([
      400,
      { message: "This is the device you are using: sign out instead" },
    ]);
    // All others: only this one stays.
    expect((await call("DELETE", ACCOUNT_PATHS.sessions, laptop)).json()).toEqual({ ok: true });
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
    // Someone else's session id means nothing to him.
    const stranger = await registerMember(t.server, "stranger@example.com");
    expect((await call("DELETE", ACCOUNT_PATHS.session(seen[0]!.id), stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/auth/user", laptop)).statusCode).toBe(200);
  });
});

describe("mail without SMTP_URL (the embedded default)", () => {
  it("keeps each mail under DATA_DIR/mail, newest first, and logs its link", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-mail-"));
    const lines: string[] = [];
    try {
      const mailer = await createMailer({ ...testConfig(), dataDir, smtpUrl: undefined }, (line) => lines.push(line));
      mailer.send({
        to: "a@example.com",
        subject: "First",
        text: "Open https://vicinity.test/x#token=1",
        html: "<p>1</p>",
      });
      mailer.send({ to: "b@example.com", subject: "Second", text: "No link", html: "<p>2</p>" });
      await mailer.close();
      expect(readdirSync(path.join(dataDir, "mail"))).toHaveLength(2);
      expect(mailer.list!().map((m) => [m.to, m.subject])).toEqual([
        ["b@example.com", "Second"],
        ["a@example.com", "First"],
      ]);
      expect(lines[0]).toMatch(/^mail to a@example.com: "First" https:\/\/vicinity.test\/x#token=1 \(/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("lists them at /dev/mail in development only", async () => {
    const dev = await startTestServer("pglite", { env: "development", seedDemo: false });
    const test = await startTestServer("pglite");
    try {
      await registerMember(dev.server, "dev@example.com");
      await dev.server.context.mail.idle();
      const page = await dev.server.app.inject({ method: "GET", url: "/dev/mail" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Confirm your email address");
      expect(page.body).toContain("To dev@example.com");
      expect(page.body).toMatch(/<a href="http:\/\/localhost:\d+\/verify-email#token=/);
      expect((await test.server.app.inject({ method: "GET", url: "/dev/mail" })).statusCode).toBe(404);
    } finally {
      await dev.close();
      await test.close();
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PATHS, API_PATHS, EVENT_PATHS, eventSchema, type EventInput } from "@vicinity/contract";
import { events } from "../db/schema";
import {
  apiCaller,
  registerAdmin,
  registerMember,
  sessionCookie,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "../test/harness";
import { eventInput } from "../test/inputs";
import { MAIL_APP_URL, tokenOf, useMailServer, type TestSmtp } from "../test/smtp";
import { quoteParam } from "./ics";

const APP = MAIL_APP_URL;
const FORGED_HOST = "evil.example";

/** An .ics body's content lines, unfolded (RFC 5545, 3.1). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

/** A content line's name and parameters (3.1: quoted values may hold ";" and ":"), split as a calendar reads them. */
function parseLine(line: string): { name: string; params: Array<[string, string]>; value: string } {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  let i = 0;
  for (; i < line.length; i += 1) {
    const c = line[i]!;
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === ";" || c === ":")) {
      parts.push(current);
      current = "";
      if (c === ":") break;
      continue;
    }
    current += c;
  }
  const [name = "", ...params] = parts;
  return {
    name,
    params: params.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as [string, string]),
    value: line.slice(i + 1),
  };
}

describe.each(testEngines())("calendar feed and .ics security (%s)", (engine) => {
  const mail = useMailServer(engine);
  let t: TestServer;
  let smtp: TestSmtp;
  beforeAll(() => void ({ t, smtp } = mail));
  const call = apiCaller(() => t.server);
  const linkTo = async (to: string, subject: string) => tokenOf(smtp.linkIn(await smtp.waitFor(to, subject)));
  const host = async (cookie: string, over: Partial<EventInput> = {}) => {
    const res = await call("POST", "/api/events", cookie, eventInput(over));
    expect(res.statusCode, res.body).toBe(201);
    return eventSchema.parse(res.json());
  };

  /** A member going to an event, and his feed's path, which answers with it. */
  async function memberWithFeed(email: string) {
    const member = await registerMember(t.server, email);
    await host(member.cookie, { title: "Feed party" });
    const { url } = (await call("GET", EVENT_PATHS.calendar, member.cookie)).json() as { url: string };
    const feed = new URL(url).pathname;
    const before = await call("GET", feed);
    expect([before.statusCode, before.body.includes("SUMMARY:Feed party")]).toEqual([200, true]);
    return { ...member, feed };
  }

  describe("the feed's secret URL stops working (finding 2)", () => {
    it("after a password reset", async () => {
      const member = await memberWithFeed("reset-feed@example.com");
      expect(
        (await call("POST", ACCOUNT_PATHS.forgotPassword, undefined, { email: "reset-feed@example.com" })).statusCode,
      ).toBe(202);
      const token = await linkTo("reset-feed@example.com", "Choose a new password");
      expect(
        (
          await call("POST", ACCOUNT_PATHS.resetPassword, undefined, {
            token,
            password: "a brand new and long passphrase",
          })
        ).json(),
      ).toEqual({ ok: true });
      const after = await call("GET", member.feed);
      expect(after.statusCode, "the feed still answers after a password reset").toBe(404);
      expect(after.json()).toEqual({ message: "Calendar not found" });
      // Signed in again, he gets a new URL, which works.
      const cookie = sessionCookie(
        await t.server.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "reset-feed@example.com", password: "a brand new and long passphrase" },
        }),
      );
      const { url } = (await call("GET", EVENT_PATHS.calendar, cookie)).json() as { url: string };
      expect(new URL(url).pathname).not.toBe(member.feed);
      expect((await call("GET", new URL(url).pathname)).statusCode).toBe(200);
    });

    it("after an address change is undone", async () => {
      const member = await memberWithFeed("undo-feed@example.com");
      await call("POST", ACCOUNT_PATHS.verifyEmail, undefined, {
        token: await linkTo("undo-feed@example.com", "Confirm your email address"),
      });
      expect(
        (
          await call("POST", ACCOUNT_PATHS.changeEmail, member.cookie, {
            email: "new-feed@example.com",
            password: STRONG_PASSWORD,
          })
        ).statusCode,
      ).toBe(202);
      expect(
        (
          await call("POST", ACCOUNT_PATHS.confirmEmailChange, undefined, {
            token: await linkTo("new-feed@example.com", "Confirm your new email address"),
          })
        ).statusCode,
      ).toBe(200);
      const undo = await linkTo("undo-feed@example.com", "Your email address was changed");
      expect((await call("POST", ACCOUNT_PATHS.undoEmailChange, undefined, { token: undo })).json()).toEqual({
        ok: true,
        email: "undo-feed@example.com",
      });
      const after = await call("GET", member.feed);
      expect(after.statusCode, "the feed still answers after an undone address change").toBe(404);
      expect(after.json()).toEqual({ message: "Calendar not found" });
    });

    it("after a password change (whoever had the old password may have copied it)", async () => {
      const member = await memberWithFeed("change-feed@example.com");
      const changed = await call("PUT", API_PATHS.password, member.cookie, {
        currentPassword: STRONG_PASSWORD,
        newPassword: "another long and fresh passphrase",
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = await call("GET", member.feed);
      expect(after.statusCode, "the feed still answers after a password change").toBe(404);
      // His own session stays: it gets the new address.
      const { url } = (await call("GET", EVENT_PATHS.calendar, member.cookie)).json() as { url: string };
      expect((await call("GET", new URL(url).pathname)).statusCode).toBe(200);
    });

    it("after a suspension", async () => {
      const boss = await registerAdmin(t.server, t.database, "boss@example.com");
      const member = await memberWithFeed("suspended-feed@example.com");
      const suspended = await call("POST", `/api/admin/members/${member.id}/suspend`, boss.cookie, {
        reason: "Spam events",
        days: 7,
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      const after = await call("GET", member.feed);
      expect(after.statusCode, "the feed still answers after a suspension").toBe(404);
      expect(after.json()).toEqual({ message: "Calendar not found" });
    });
  });

  it("quotes the host's display name in ORGANIZER;CN= so that it cannot add parameters (finding 3)", async () => {
    const member = await registerMember(t.server, "hostile@example.com");
    const hostile = "x;SENT-BY=mailto:evil@example.com";
    const named = await call("PUT", API_PATHS.profile, member.cookie, { displayName: hostile });
    expect(named.statusCode, named.body).toBe(200);
    const event = await host(member.cookie);
    const organizerOf = async () => {
      const ics = (await call("GET", `/api/events/${event.id}/calendar.ics`)).body;
      const line = linesOf(ics).find((l) => l.startsWith("ORGANIZER"));
      return { line, parsed: parseLine(line ?? "") };
    };
    const first = await organizerOf();
    expect(first.line).toBe(`ORGANIZER;CN="${hostile}":mailto:noreply@events.vicinity.app`);
    expect(first.parsed.params).toEqual([["CN", `"${hostile}"`]]);

    // A DQUOTE would end the quoted value early: it is dropped, with control characters.
    const quoting = 'Eve":mailto:evil@example.com;SENT-BY="x';
    expect((await call("PUT", API_PATHS.profile, member.cookie, { displayName: quoting })).statusCode).toBe(200);
    const second = await organizerOf();
    expect(second.parsed).toEqual({
      name: "ORGANIZER",
      params: [["CN", '"Eve:mailto:evil@example.com;SENT-BY=x"']],
      value: "mailto:noreply@events.vicinity.app",
    });
    expect(quoteParam('A\r\nB\tC\u0000D\u2028E\u0085F"G')).toBe('"ABCDEFG"');
  });

  it("builds the feed's URL and the .ics URL: from APP_URL, never from a forged Host header (finding 4)", async () => {
    const member = await registerMember(t.server, "host-header@example.com");
    const event = await host(member.cookie);
    const forged = { host: FORGED_HOST, "x-forwarded-host": FORGED_HOST };
    const feedRes = await t.server.app.inject({
      method: "GET",
      url: EVENT_PATHS.calendar,
      headers: { cookie: member.cookie, ...forged },
    });
    const { url } = feedRes.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${APP}/api/calendar/[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}\\.ics$`));
    const reset = await t.server.app.inject({
      method: "POST",
      url: EVENT_PATHS.calendar,
      headers: { cookie: member.cookie, ...forged },
    });
    expect((reset.json() as { url: string }).url.startsWith(`${APP}/api/calendar/`)).toBe(true);

    const ics = await t.server.app.inject({
      method: "GET",
      url: `/api/events/${event.id}/calendar.ics`,
      headers: forged,
    });
    expect(linesOf(ics.body)).toContain(`URL:${APP}/events/${event.id}`);
    expect(ics.body).not.toContain(FORGED_HOST);
    const feed = await t.server.app.inject({
      method: "GET",
      url: new URL((reset.json() as { url: string }).url).pathname,
      headers: forged,
    });
    expect(feed.statusCode).toBe(200);
    expect(linesOf(feed.body)).toContain(`URL:${APP}/events/${event.id}`);
    expect(feed.body).not.toContain(FORGED_HOST);
  });

  it("refuses line breaks in an event's title and venue with a 400 and a message, and stores nothing (finding 5)", async () => {
    const member = await registerMember(t.server, "lines@example.com");
    const cases: Array<[Partial<EventInput>, string]> = [
      [{ title: "Beach\nparty" }, "Title must be on one line: it can't contain line breaks"],
      [{ title: "Beach\r\nparty" }, "Title must be on one line: it can't contain line breaks"],
      [{ title: "Beach\rparty" }, "Title must be on one line: it can't contain line breaks"],
      [{ title: "Beach\u2028party" }, "Title must be on one line: it can't contain line breaks"],
      [{ title: "Beach\u2029party" }, "Title must be on one line: it can't contain line breaks"],
      [{ venueName: "Pier\n7" }, "Venue must be on one line: it can't contain line breaks"],
      [{ venueName: "Pier\u20287" }, "Venue must be on one line: it can't contain line breaks"],
    ];
    for (const [over, message] of cases) {
      const res = await call("POST", "/api/events", member.cookie, eventInput(over));
      expect([res.statusCode, res.json()], JSON.stringify(over)).toEqual([400, { message }]);
    }
    expect(await t.database.db.select().from(events)).toEqual([]);
    // An edit is refused the same way, and the event stays as it was.
    const event = await host(member.cookie);
    for (const [over, message] of cases) {
      const res = await call("PUT", `/api/events/${event.id}`, member.cookie, eventInput(over));
      expect([res.statusCode, res.json()], JSON.stringify(over)).toEqual([400, { message }]);
    }
    expect((await t.database.db.select().from(events)).map((e) => [e.title, e.venueName])).toEqual([
      ["Beach volleyball", "Jacksonville Beach, 4th Ave"],
    ]);
    // The description keeps its lines.
    expect((await host(member.cookie, { description: "Line one\nLine two\u2028three" })).description).toBe(
      "Line one\nLine two\u2028three",
    );
  });
});

import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { adminReportSchema, notificationListSchema, sessionUserSchema, type Message } from "@vicinity/contract";
import { auditLog, users } from "../db/schema";
import {
  apiCaller,
  confirmAddress,
  registerAdmin,
  registerMember,
  STRONG_PASSWORD,
  testEngines,
  useListeningServer,
} from "../test/harness";
import { jpegWithGps, pictureForm, pngWithAlpha } from "../test/pictures";
import { closeOpenSockets, connected, dataOf, emitAck, socketFor } from "../test/sockets";
import { REMOVED_PICTURE_MESSAGE } from "../media/routes";

afterEach(closeOpenSockets);

describe.each(testEngines())("the admin area (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  const admin = (email: string) => registerAdmin(t.server, t.database, email);
  const login = (email: string, password = STRONG_PASSWORD) =>
    call("POST", "/api/auth/login", undefined, { email, password });

  it("a reported message: the admin sees it in its conversation, suspends the sender for 7 days; he is cut off at once, told why at sign-in; the reporter hears the outcome; it is all audited", async () => {
    const boss = await admin("boss@example.com");
    const amy = await registerMember(t.server, "amy@example.com");
    const rob = await registerMember(t.server, "rob@example.com");
    const conversation = (await call("POST", "/api/conversations", amy.cookie, { userId: rob.id })).json() as {
      id: string;
    };
    const sa = socketFor(t.url, amy.cookie);
    const sr = socketFor(t.url, rob.cookie);
    await Promise.all([connected(sa), connected(sr)]);
    await emitAck(sa, "sendMessage", { conversationId: conversation.id, content: "hi there", tempId: "a1" });
    const bad = dataOf(
      await emitAck<Message>(sr, "sendMessage", {
        conversationId: conversation.id,
        content: "send me money or else",
        tempId: "r1",
      }),
    );

    const reported = await call("POST", `/api/users/${rob.id}/report`, amy.cookie, {
      reason: "harassment",
      details: "Threats",
      messageId: bad.id,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    // Only a message of his, in a conversation she is in.
    expect(
      (await call("POST", `/api/users/${rob.id}/report`, amy.cookie, { reason: "spam", messageId: bad.id + 999 }))
        .statusCode,
    ).toBe(404);

    const queue = (await call("GET", "/api/admin/reports", boss.cookie)).json() as { reports: unknown[] };
    const [report] = queue.reports.map((r) => adminReportSchema.parse(r));
    expect(report).toMatchObject({
      kind: "message",
      reason: "harassment",
      details: "Threats",
      reporter: { id: amy.id },
      reported: { id: rob.id },
      earlier: 0,
    });
    expect(report!.content.messages!.map((m) => m.content)).toEqual(["hi there", "send me money or else"]);

    const cut = new Promise<void>((resolve) => sr.on("disconnect", () => resolve()));
    const acted = await call("POST", "/api/admin/reports/actions", boss.cookie, {
      ids: [report!.id],
      actions: ["suspend"],
      reason: "Threats in messages",
      days: 7,
    });
    expect(acted.statusCode, acted.body).toBe(200);
    await cut;
    const refused = await login("rob@example.com");
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { message: string }).message).toMatch(
      /^This account is suspended until \d{4}-\d{2}-\d{2}: Threats in messages$/,
    );
    expect((await call("GET", "/api/auth/user", rob.cookie)).statusCode).toBe(401);

    const told = notificationListSchema.parse((await call("GET", "/api/notifications", amy.cookie)).json());
    expect(told.notifications.map((n) => [n.kind, n.data.outcome])).toEqual([["report_outcome", "actioned"]]);
    expect(JSON.stringify(told)).not.toContain("boss");

    const auditRes = (await call("GET", `/api/admin/audit?targetId=${rob.id}`, boss.cookie)).json() as {
      entries: Array<{ action: string; reason: string; admin: { username: string } }>;
    };
    expect(auditRes.entries.map((e) => [e.action, e.reason])).toEqual([["suspend", "Threats in messages"]]);
    const all = (await call("GET", "/api/admin/audit", boss.cookie)).json() as { entries: Array<{ action: string }> };
    expect(all.entries.map((e) => e.action)).toEqual(expect.arrayContaining(["suspend", "resolve_report"]));

    // A suspension for a time ends by itself.
    await t.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, rob.id));
    expect((await login("rob@example.com")).statusCode).toBe(200);
  });

  it("the audit log cannot be changed or deleted, even by SQL", async () => {
    const boss = await admin("boss2@example.com");
    const mem = await registerMember(t.server, "warned@example.com");
    expect(
      (await call("POST", `/api/admin/members/${mem.id}/warn`, boss.cookie, { reason: "Read the rules" })).statusCode,
    ).toBe(200);
    const told = notificationListSchema.parse((await call("GET", "/api/notifications", mem.cookie)).json());
    expect(told.notifications[0]).toMatchObject({ kind: "warning", data: { reason: "Read the rules" } });
    await expect(t.database.db.execute(sql`UPDATE audit_log SET reason = 'nothing happened'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, mem.id));
    expect(rows.map((r) => [r.action, r.reason])).toEqual([["warn", "Read the rules"]]);
  });

  it("a warned member sees the warning at his next visit until he acknowledges it, and only he can", async () => {
    const boss = await admin("boss-warns@example.com");
    const mem = await registerMember(t.server, "warnme@example.com");
    const other = await registerMember(t.server, "bystander@example.com");
    const me = async (cookie: string) => sessionUserSchema.parse((await call("GET", "/api/auth/user", cookie)).json());
    expect((await me(mem.cookie)).warning).toBeNull();
    expect(
      (await call("POST", `/api/admin/members/${mem.id}/warn`, boss.cookie, { reason: "First: be kind" })).statusCode,
    ).toBe(200);
    expect(
      (await call("POST", `/api/admin/members/${mem.id}/warn`, boss.cookie, { reason: "Second: no spam" })).statusCode,
    ).toBe(200);
    const first = (await me(mem.cookie)).warning;
    expect(first).toMatchObject({ reason: "First: be kind" });
    // Signing in again shows it too.
    expect(sessionUserSchema.parse((await login("warnme@example.com")).json()).warning).toMatchObject({
      reason: "First: be kind",
    });
    // Another member cannot acknowledge it (nor learn that it exists); a bad id is not found.
    const ack = (cookie: string, id: string) => call("POST", `/api/warnings/${id}/acknowledge`, cookie);
    const refused = await ack(other.cookie, first!.id);
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: "Warning not found" }]);
    expect((await ack(mem.cookie, "not-an-id")).statusCode).toBe(404);
    expect((await me(mem.cookie)).warning?.id).toBe(first!.id);
    // He acknowledges it (twice is harmless); the next one shows.
    expect((await ack(mem.cookie, first!.id)).statusCode).toBe(200);
    expect((await ack(mem.cookie, first!.id)).statusCode).toBe(200);
    const second = (await me(mem.cookie)).warning;
    expect(second).toMatchObject({ reason: "Second: no spam" });
    expect((await ack(mem.cookie, second!.id)).statusCode).toBe(200);
    expect((await me(mem.cookie)).warning).toBeNull();
  });

  it("a removed picture cannot be uploaded again", async () => {
    const boss = await admin("boss3@example.com");
    const pat = await registerMember(t.server, "pat@example.com");
    const bytes = await jpegWithGps(400, 300);
    const upload = (data: Buffer, name = "p.jpg", type = "image/jpeg") =>
      t.server.app.inject({
        method: "POST",
        url: "/api/media?kind=photo",
        headers: { cookie: pat.cookie },
        payload: pictureForm(data, name, type),
      });
    const first = await upload(bytes);
    expect(first.statusCode).toBe(201);
    const { id } = first.json() as { id: string };
    expect((await call("POST", "/api/users/photos", pat.cookie, { mediaId: id })).statusCode).toBe(201);
    const grid = (await call("GET", "/api/admin/pictures", boss.cookie)).json() as { pictures: Array<{ id: string }> };
    expect(grid.pictures.map((p) => p.id)).toContain(id);
    expect(
      (await call("POST", `/api/admin/pictures/${id}/remove`, boss.cookie, { reason: "Explicit" })).statusCode,
    ).toBe(200);
    expect((await call("GET", `/media/${id}`, pat.cookie)).statusCode).toBe(404);
    expect(((await call("GET", "/api/users/photos", pat.cookie)).json() as unknown[]).length).toBe(0);
    const again = await upload(bytes);
    expect(again.statusCode).toBe(400);
    expect((again.json() as { message: string }).message).toBe(REMOVED_PICTURE_MESSAGE);
    expect((await upload(await pngWithAlpha(), "other.png", "image/png")).statusCode).toBe(201);
  });

  it("pictures await review until an admin keeps them (each with its audit entry) or removes them; the overview counts them", async () => {
    const boss = await admin("boss6@example.com");
    const pat = await registerMember(t.server, "reviewed-pat@example.com");
    const upload = async (data: Buffer, name: string, type: string) =>
      (
        (
          await t.server.app.inject({
            method: "POST",
            url: "/api/media?kind=photo",
            headers: { cookie: pat.cookie },
            payload: pictureForm(data, name, type),
          })
        ).json() as { id: string }
      ).id;
    const a = await upload(await jpegWithGps(200, 200), "a.jpg", "image/jpeg");
    const b = await upload(await pngWithAlpha(), "b.png", "image/png");
    const overview = async () =>
      ((await call("GET", "/api/admin/overview", boss.cookie)).json() as { picturesAwaitingReview: number })
        .picturesAwaitingReview;
    const grid = async (query = "") =>
      (
        (await call("GET", `/api/admin/pictures${query}`, boss.cookie)).json() as {
          pictures: Array<{ id: string; reviewedAt: string | null }>;
        }
      ).pictures;
    expect(await overview()).toBe(2);
    expect((await grid()).map((p) => [p.id, p.reviewedAt])).toEqual([
      [b, null],
      [a, null],
    ]);
    const kept = await call("POST", "/api/admin/pictures/reviewed", boss.cookie, { ids: [a, a] });
    expect(kept.json()).toEqual({ ok: true, reviewed: 1 });
    // Reviewed twice: counted once.
    expect((await call("POST", "/api/admin/pictures/reviewed", boss.cookie, { ids: [a] })).json()).toEqual({
      ok: true,
      reviewed: 0,
    });
    expect((await grid()).map((p) => p.id)).toEqual([b]);
    expect((await grid("?show=all")).find((p) => p.id === a)?.reviewedAt).toEqual(expect.any(String));
    expect(await overview()).toBe(1);
    const log = (await call("GET", `/api/admin/audit?targetId=${a}`, boss.cookie)).json() as {
      entries: Array<{ action: string; targetType: string }>;
    };
    expect(log.entries.map((e) => [e.action, e.targetType])).toEqual([["review_picture", "picture"]]);
    // Removed: out of the queue too.
    expect(
      (await call("POST", `/api/admin/pictures/${b}/remove`, boss.cookie, { reason: "Explicit" })).statusCode,
    ).toBe(200);
    expect(await overview()).toBe(0);
    for (const [body, message] of [
      [{ ids: [] }, "Choose at least one picture"],
      [{ ids: ["nope"] }, "ids must be picture ids"],
      [{}, "ids must be a list of picture ids"],
    ] as const) {
      const res = await call("POST", "/api/admin/pictures/reviewed", boss.cookie, body);
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    expect((await call("GET", "/api/admin/pictures?show=some", boss.cookie)).json()).toEqual({
      message: "show must be one of: awaiting, all",
    });
    expect((await call("POST", "/api/admin/pictures/reviewed", pat.cookie, { ids: [a] })).statusCode).toBe(403);
  });

  it("acts on many reports at once; one target acted on once; dismissals told; closed ones refused", async () => {
    const boss = await admin("boss4@example.com");
    const spammer = await registerMember(t.server, "spammer@example.com");
    const reporters = [
      await registerMember(t.server, "r1@example.com"),
      await registerMember(t.server, "r2@example.com"),
      await registerMember(t.server, "r3@example.com"),
    ];
    for (const r of reporters)
      expect((await call("POST", `/api/users/${spammer.id}/report`, r.cookie, { reason: "spam" })).statusCode).toBe(
        201,
      );
    const queue = (
      (await call("GET", "/api/admin/reports?kind=member", boss.cookie)).json() as {
        reports: Array<{ id: string; earlier: number }>;
      }
    ).reports;
    expect(queue).toHaveLength(3);
    expect(queue.map((r) => r.earlier)).toEqual([0, 1, 2]);
    const listed = adminReportSchema.parse(queue[2]).earlierReports;
    expect(listed.map((e) => e.id)).toEqual([queue[1]!.id, queue[0]!.id]);
    expect(listed.every((e) => e.status === "open")).toBe(true);
    expect(adminReportSchema.parse(queue[0]).earlierReports).toEqual([]);
    // Removing "content" of a member report makes no sense: nothing at all happens.
    const wrong = await call("POST", "/api/admin/reports/actions", boss.cookie, {
      ids: queue.map((r) => r.id),
      actions: ["remove"],
      reason: "x",
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      ((await call("GET", "/api/admin/reports", boss.cookie)).json() as { reports: unknown[] }).reports,
    ).toHaveLength(3);
    expect(
      (
        await call("POST", "/api/admin/reports/actions", boss.cookie, {
          ids: queue.map((r) => r.id),
          actions: ["warn", "dismiss"],
          reason: "x",
        })
      ).statusCode,
    ).toBe(400);

    const done = await call("POST", "/api/admin/reports/actions", boss.cookie, {
      ids: queue.map((r) => r.id),
      actions: ["warn"],
      reason: "Stop advertising",
    });
    expect(done.json()).toEqual({ acted: 3 });
    const warned = notificationListSchema.parse((await call("GET", "/api/notifications", spammer.cookie)).json());
    expect(warned.notifications.filter((n) => n.kind === "warning")).toHaveLength(1);
    for (const r of reporters) {
      const told = notificationListSchema.parse((await call("GET", "/api/notifications", r.cookie)).json());
      expect(told.notifications.map((n) => n.data.outcome)).toEqual(["actioned"]);
    }
    expect(
      (
        await call("POST", "/api/admin/reports/actions", boss.cookie, {
          ids: [queue[0]!.id],
          actions: ["dismiss"],
          reason: "again",
        })
      ).statusCode,
    ).toBe(409);
    // Notes and assignment.
    expect(
      (
        await call("POST", `/api/admin/reports/${queue[0]!.id}/notes`, boss.cookie, {
          text: "Same spammer as last week",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call("POST", `/api/admin/reports/${queue[0]!.id}/assign`, boss.cookie, { mine: true })).statusCode,
    ).toBe(200);
    const one = adminReportSchema.parse((await call("GET", `/api/admin/reports/${queue[0]!.id}`, boss.cookie)).json());
    expect(one).toMatchObject({
      status: "actioned",
      assignedTo: { id: boss.id },
      notes: [{ text: "Same spammer as last week" }],
    });
  });

  it("admin roles: granted and revoked with an audit entry, never the last admin, never himself; nobody suspends an admin or himself", async () => {
    const boss = await admin("boss5@example.com");
    const kim = await registerMember(t.server, "kim@example.com");
    // Other admins of earlier tests are in the same database: revoke them first.
    await t.database.db
      .update(users)
      .set({ accountRole: "member" })
      .where(sql`${users.id} <> ${boss.id}::uuid`);
    expect(
      (await call("POST", `/api/admin/members/${boss.id}/admin`, boss.cookie, { admin: false, reason: "bye" }))
        .statusCode,
    ).toBe(400);
    // Only a confirmed address makes an admin.
    const unconfirmed = await call("POST", `/api/admin/members/${kim.id}/admin`, boss.cookie, {
      admin: true,
      reason: "New moderator",
    });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toEqual({ message: "He must confirm his email address before he can be an admin" });
    expect((await t.database.db.select().from(users).where(eq(users.id, kim.id)))[0]?.accountRole).toBe("member");
    await confirmAddress(t.database, "kim@example.com");
    expect(
      (await call("POST", `/api/admin/members/${kim.id}/admin`, boss.cookie, { admin: true, reason: "New moderator" }))
        .statusCode,
    ).toBe(200);
    expect((await call("GET", "/api/admin/overview", kim.cookie)).statusCode).toBe(200);
    expect(
      (await call("POST", `/api/admin/members/${kim.id}/suspend`, boss.cookie, { reason: "x", days: 1 })).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", `/api/admin/members/${boss.id}/suspend`, boss.cookie, { reason: "x", days: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", `/api/admin/members/${boss.id}/admin`, kim.cookie, { admin: false, reason: "Handing over" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("POST", `/api/admin/members/${kim.id}/admin`, boss.cookie, { admin: false, reason: "x" })).statusCode,
    ).toBe(403);
    // Kim is the last admin now.
    const [other] = await t.database.db.select().from(users).where(eq(users.id, boss.id));
    expect(other?.accountRole).toBe("member");
    expect(
      (await call("POST", `/api/admin/members/${kim.id}/suspend`, kim.cookie, { reason: "x", days: 3 })).statusCode,
    ).toBe(400);
    for (const [body, message] of [
      [{ reason: "", days: 7 }, /Give a reason/],
      [{ reason: "x", days: 2 }, /days must be one of 1, 3, 7, 30, 90/],
      [{ reason: "x" }, /days/],
    ] as const) {
      const res = await call("POST", `/api/admin/members/${boss.id}/suspend`, kim.cookie, body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    const found = (await call("GET", "/api/admin/members?q=boss5", kim.cookie)).json() as {
      members: Array<{ id: string }>;
    };
    expect(found.members.map((m) => m.id)).toEqual([boss.id]);
  });
});

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servedAdSchema, type AdInput } from "@vicinity/contract";
import { adCampaigns, adViews, users } from "../db/schema";
import { saveLocation } from "../location/save-location";
import { apiCaller, registerMember, testEngines, useListeningServer, registerAdmin } from "../test/harness";
import { offset } from "../test/geo";
import { adInput } from "../test/inputs";
import { countImpression, pickAd } from "./service";

describe.each(testEngines())("ads (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  const setUp = async (over: Partial<AdInput> = {}) => {
    const admin = await registerAdmin(t.server, t.database, `ads-admin-${randomBytes(3).toString("hex")}@example.com`);
    const created = await call("POST", "/api/admin/ads", admin.cookie, adInput(over));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string; status: string }).id;
    expect((created.json() as { status: string }).status).toBe("draft");
    return { admin, id };
  };
  const member = async (email: string, age: number, position = offset(3, 30)) => {
    const m = await registerMember(t.server, email);
    await call("PUT", "/api/users/profile", m.cookie, { age });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    await saveLocation(t.database.db, row!, position);
    return m;
  };
  const next = (cookie: string) => call("GET", "/api/ads/next", cookie);

  it("targets the area and age; caps a member at 2 a day; clicks land on the destination once; pausing stops delivery at once", async () => {
    const { admin, id } = await setUp();
    const sam = await member("sam@example.com", 30);
    const old = await member("old@example.com", 50);
    const far = await member("far@example.com", 30, offset(40, 0));
    // A draft is not delivered.
    expect((await next(sam.cookie)).statusCode).toBe(204);
    expect((await call("POST", `/api/admin/ads/${id}/status`, admin.cookie, { status: "active" })).statusCode).toBe(
      200,
    );

    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await next(sam.cookie);
      if (res.statusCode === 204) break;
      const ad = servedAdSchema.parse(res.json());
      expect(ad).toMatchObject({ headline: "Two for one lattes", campaignId: id });
      expect(ad.clickUrl).not.toContain(sam.id);
      expect((await call("POST", "/api/ads/impressions", sam.cookie, { viewToken: ad.viewToken })).json()).toEqual({
        counted: true,
      });
      // The same view counts once.
      expect((await call("POST", "/api/ads/impressions", sam.cookie, { viewToken: ad.viewToken })).json()).toEqual({
        counted: false,
      });
      seen.push(ad.clickUrl);
    }
    expect(seen).toHaveLength(2);
    expect((await next(old.cookie)).statusCode).toBe(204);
    expect((await next(far.cookie)).statusCode).toBe(204);

    const click = await call("GET", seen[0]!);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("https://coffee.example.com/offer");
    expect(click.headers["referrer-policy"]).toBe("no-referrer");
    // Replayed: still goes there, counts nothing. Tampered: refused.
    expect((await call("GET", seen[0]!)).statusCode).toBe(302);
    expect((await call("GET", `${seen[0]!.slice(0, -3)}abc`)).statusCode).toBe(404);

    const report = (await call("GET", `/api/admin/ads/${id}`, admin.cookie)).json() as {
      status: string;
      total: { impressions: number; reach: number; clicks: number; ctr: number };
      days: Array<{ impressions: number; reach: number; clicks: number }>;
    };
    expect(report.status).toBe("active");
    expect(report.total).toMatchObject({ impressions: 2, reach: 1, clicks: 1, ctr: 50 });
    expect(report.days).toEqual([expect.objectContaining({ impressions: 2, reach: 1, clicks: 1 })]);

    const tom = await member("tom@example.com", 33);
    expect((await next(tom.cookie)).statusCode).toBe(200);
    await call("POST", `/api/admin/ads/${id}/status`, admin.cookie, { status: "paused" });
    expect((await next(tom.cookie)).statusCode).toBe(204);
  });

  it("never exceeds a cap under simultaneous impressions at its edge", async () => {
    const { admin, id } = await setUp({
      totalCap: 5,
      dailyCap: 5,
      frequencyCap: 20,
      area: null,
      ageMin: null,
      ageMax: null,
    });
    await call("POST", `/api/admin/ads/${id}/status`, admin.cookie, { status: "active" });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const [row] = await t.database.db
        .insert(users)
        .values({ email: `cap${i}@example.com`, username: `cap${i}`, passwordHash: "x", locationSecret: "s", age: 30 })
        .returning({ id: users.id });
      ids.push(row!.id);
    }
    // Every member is served while nothing is counted yet; then all views count at once.
    const served = await Promise.all(
      ids.map((userId) => pickAd(t.database.db, "secret", { id: userId, age: 30, interests: [] }, () => 0)),
    );
    expect(served.filter(Boolean)).toHaveLength(20);
    const counted = await Promise.all(served.map((ad, i) => countImpression(t.database.db, ids[i]!, ad!.viewToken)));
    expect(counted.filter(Boolean)).toHaveLength(5);
    const [campaign] = await t.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(campaign!.impressions).toBe(5);
    expect(
      (await t.database.db.select().from(adViews).where(eq(adViews.campaignId, id))).filter((v) => v.countedAt),
    ).toHaveLength(5);
  });

  it("a member hides an ad; the creator refuses bad input with clear messages; members cannot reach the ads admin", async () => {
    const { admin, id } = await setUp({ area: null, ageMin: null, ageMax: null });
    await call("POST", `/api/admin/ads/${id}/status`, admin.cookie, { status: "active" });
    const una = await member("una@example.com", 28);
    const ad = servedAdSchema.parse((await next(una.cookie)).json());
    expect(ad.why).toContain("It is shown to every member");
    expect((await call("POST", `/api/ads/${id}/hide`, una.cookie)).statusCode).toBe(200);
    expect((await next(una.cookie)).statusCode).toBe(204);

    for (const [over, message] of [
      [{ headline: "x".repeat(41) }, /at most 40/],
      [{ body: "x".repeat(91) }, /at most 90/],
      [{ destinationUrl: "http://insecure.example.com" }, /https/],
      [{ destinationUrl: "javascript:alert(1)" }, /https/],
      [{ ageMin: 40, ageMax: 25 }, /youngest age/],
      [{ ageMin: 16 }, /Ages start at 18/],
      [{ endsAt: new Date(Date.now() - 7_200_000).toISOString() }, /end must be after the start/],
      [{ totalCap: 10, dailyCap: 20 }, /daily cap must not be above the total/],
      [{ frequencyCap: 0 }, /at least 1/],
      [{ area: { latitude: 30, longitude: -81, radiusKm: 3 } }, /radiusKm must be one of/],
    ] as const) {
      const res = await call("POST", "/api/admin/ads", admin.cookie, { ...adInput(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    expect((await call("GET", "/api/admin/ads", una.cookie)).statusCode).toBe(403);
    const copy = await call("POST", `/api/admin/ads/${id}/duplicate`, admin.cookie);
    expect(copy.statusCode).toBe(201);
    expect((copy.json() as { status: string }).status).toBe("draft");
    await call("POST", `/api/admin/ads/${id}/status`, admin.cookie, { status: "ended" });
    expect((await call("PUT", `/api/admin/ads/${id}`, admin.cookie, adInput())).statusCode).toBe(409);
  });
});

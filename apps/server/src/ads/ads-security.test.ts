import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  AD_CLICK_TTL_MS,
  AD_DATE_YEAR_MAX,
  AD_DATE_YEAR_MIN,
  AD_UNCOUNTED_VIEWS_MAX,
  servedAdSchema,
  type AdInput,
  type ServedAd,
} from "@vicinity/contract";
import { adCampaigns, adViews, auditLog } from "../db/schema";
import { apiCaller, registerAdmin, registerMember, testEngines, useListeningServer } from "../test/harness";
import { clickPath } from "./service";
import { adInput as baseAdInput } from "../test/inputs";

/**
 * The ads' security findings: clicks counted only for counted views (and once), a cap on the views
 * a member can be served without their impression counting (each is a click link), destinations
 * with control characters or a backslash refused (the normalised link stored), and dates outside
 * the years a campaign can run refused with a 400.
 */
/** A campaign for everyone, anywhere (the caps are what these tests are about). */
const adInput = (over: Partial<AdInput> = {}): AdInput =>
  baseAdInput({ area: null, ageMin: null, ageMax: null, frequencyCap: 3, ...over });

interface Figures {
  impressions: number;
  reach: number;
  clicks: number;
  ctr: number;
}

describe.each(testEngines())("ads, security findings (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  const admin = () => registerAdmin(t.server, t.database, `ads-sec-${randomBytes(3).toString("hex")}@example.com`);
  /** The only running campaign (the campaigns of the tests before are kept: the reset empties the members' tables). */
  const running = async (over: Partial<AdInput> = {}) => {
    await t.database.db.update(adCampaigns).set({ status: "ended" });
    const boss = await admin();
    const created = await call("POST", "/api/admin/ads", boss.cookie, adInput(over));
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await call("POST", `/api/admin/ads/${id}/status`, boss.cookie, { status: "active" })).statusCode).toBe(200);
    return { boss, id };
  };
  const next = async (cookie: string): Promise<ServedAd | null> => {
    const res = await call("GET", "/api/ads/next", cookie);
    if (res.statusCode === 204) return null;
    expect(res.statusCode, res.body).toBe(200);
    return servedAdSchema.parse(res.json());
  };
  const impression = async (cookie: string, ad: ServedAd) =>
    (await call("POST", "/api/ads/impressions", cookie, { viewToken: ad.viewToken })).json() as { counted: boolean };
  const campaignCount = async () => (await t.database.db.select({ id: adCampaigns.id }).from(adCampaigns)).length;
  const adAudits = async () =>
    (await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.targetType, "ad"))).length;

  it("counts a click only for a served view whose impression was counted, once; every click link still redirects", async () => {
    const { boss, id } = await running({ frequencyCap: 3 });
    const sam = await registerMember(t.server, "sam@example.com");

    // The finding: 25 asks, 3 counted impressions (the frequency cap), then the 25 links opened.
    const served: ServedAd[] = [];
    for (let i = 0; i < 25; i++) {
      const ad = await next(sam.cookie);
      expect(ad, `ask ${i + 1}`).not.toBeNull();
      served.push(ad!);
    }
    // A link opened before its view was counted redirects, but counts nothing ...
    const early = await call("GET", served[0]!.clickUrl);
    expect(early.statusCode).toBe(302);
    expect(early.headers.location).toBe("https://coffee.example.com/offer");
    const counted = [];
    for (const ad of served) counted.push((await impression(sam.cookie, ad)).counted);
    expect(counted.filter(Boolean)).toHaveLength(3);
    // ... and once it is counted, the same link's next opening counts.
    for (const ad of served) {
      for (let twice = 0; twice < 2; twice++) {
        const click = await call("GET", ad.clickUrl);
        expect(click.statusCode).toBe(302);
        expect(click.headers.location).toBe("https://coffee.example.com/offer");
        expect(click.headers["referrer-policy"]).toBe("no-referrer");
      }
    }

    const report = (await call("GET", `/api/admin/ads/${id}`, boss.cookie)).json() as {
      total: Figures;
      days: Figures[];
    };
    expect(report.total).toMatchObject({ impressions: 3, reach: 1, clicks: 3, ctr: 100 });
    expect(report.days).toEqual([expect.objectContaining({ impressions: 3, reach: 1, clicks: 3 })]);
    const clicked = await t.database.db
      .select()
      .from(adViews)
      .where(and(eq(adViews.campaignId, id), isNotNull(adViews.clickedAt)));
    expect(clicked).toHaveLength(3);
    expect(clicked.every((v) => v.countedAt !== null)).toBe(true);
  });

  it(`serves a member at most AD_UNCOUNTED_VIEWS_MAX views whose impression was not counted, within a click link's life`, async () => {
    const { id } = await running({ frequencyCap: 20 });
    const sam = await registerMember(t.server, "sam@example.com");
    const tom = await registerMember(t.server, "tom@example.com");
    const mine = async () => (await t.database.db.select().from(adViews).where(eq(adViews.userId, sam.id))).length;

    const served: ServedAd[] = [];
    for (let i = 0; i < AD_UNCOUNTED_VIEWS_MAX; i++) served.push((await next(sam.cookie))!);
    expect(served.every((ad) => ad?.campaignId === id)).toBe(true);
    // One more: none (no new view, no new click link), however often he asks.
    for (let i = 0; i < 5; i++) expect(await next(sam.cookie), `ask ${AD_UNCOUNTED_VIEWS_MAX + i + 1}`).toBeNull();
    expect(await mine()).toBe(AD_UNCOUNTED_VIEWS_MAX);
    // Another member is not held back by him.
    expect(await next(tom.cookie)).not.toBeNull();

    // A view counted makes room for one more.
    expect(await impression(sam.cookie, served[0]!)).toEqual({ counted: true });
    expect(await next(sam.cookie)).not.toBeNull();
    expect(await next(sam.cookie)).toBeNull();

    // Views older than a click link's life no longer hold him back.
    await t.database.db
      .update(adViews)
      .set({ createdAt: new Date(Date.now() - AD_CLICK_TTL_MS - 60_000) })
      .where(eq(adViews.userId, sam.id));
    expect(await next(sam.cookie)).not.toBeNull();
  });

  it("refuses an ad destination with a control character or a backslash (400, a readable message, nothing stored) and stores the normalised link", async () => {
    const boss = await admin();
    const [campaignsBefore, auditsBefore] = [await campaignCount(), await adAudits()];
    const bad = [
      "https://coffee.example.com/offer\r\nSet-Cookie: a=b",
      "https://coffee.example.com/\roffer",
      "https://coffee.example.com/\noffer",
      "https://coffee.example.com/\toffer",
      "https://coffee.example.com/\u0000offer",
      "\u0001https://coffee.example.com/offer",
      "https://coffee.example.com/offer\u001f",
      "https://coffee.example.com/\u007foffer",
      "https://coffee.example.com/\u0085offer",
      "https://coffee.example.com/\u009foffer",
      "https://evil\\@coffee.example.com/",
      "https:\\\\coffee.example.com/offer",
    ];
    for (const destinationUrl of bad) {
      const res = await call("POST", "/api/admin/ads", boss.cookie, adInput({ destinationUrl }));
      expect(res.statusCode, JSON.stringify(destinationUrl)).toBe(400);
      expect((res.json() as { message: string }).message, JSON.stringify(destinationUrl)).toMatch(
        /^Destination (url )?can't contain (control characters|a backslash)/,
      );
    }
    expect(await campaignCount()).toBe(campaignsBefore);
    expect(await adAudits()).toBe(auditsBefore);

    // Only https, as before.
    for (const destinationUrl of [
      "http://coffee.example.com/offer",
      "ftp://coffee.example.com/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "not a link",
    ]) {
      const res = await call("POST", "/api/admin/ads", boss.cookie, adInput({ destinationUrl }));
      expect(res.statusCode, destinationUrl).toBe(400);
      expect((res.json() as { message: string }).message).toBe("Destination must be an https:// link");
    }
    expect(await campaignCount()).toBe(campaignsBefore);
    expect(await adAudits()).toBe(auditsBefore);

    // What is stored is the link as the browser will follow it, and that is where a click goes.
    const created = await call(
      "POST",
      "/api/admin/ads",
      boss.cookie,
      adInput({ destinationUrl: "https://Coffee.Example.com:443/menu/../offer now?q=café#top" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, input } = created.json() as { id: string; input: AdInput };
    const normalised = "https://coffee.example.com/offer%20now?q=caf%C3%A9#top";
    expect(input.destinationUrl).toBe(normalised);
    const [row] = await t.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(row!.destinationUrl).toBe(normalised);

    // An edit is held to the same rule, and changes nothing when refused.
    const edit = await call(
      "PUT",
      `/api/admin/ads/${id}`,
      boss.cookie,
      adInput({ destinationUrl: "https://coffee.example.com/\r\nx" }),
    );
    expect(edit.statusCode).toBe(400);
    expect((edit.json() as { message: string }).message).toMatch(/control characters/);
    const [after] = await t.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(after!.destinationUrl).toBe(normalised);
    expect(after!.updatedAt.getTime()).toBe(row!.updatedAt.getTime());

    await t.database.db.update(adCampaigns).set({ status: "ended" }).where(ne(adCampaigns.id, id));
    expect((await call("POST", `/api/admin/ads/${id}/status`, boss.cookie, { status: "active" })).statusCode).toBe(200);
    const sam = await registerMember(t.server, "sam@example.com");
    const ad = (await next(sam.cookie))!;
    expect(ad.campaignId).toBe(id);
    expect(await impression(sam.cookie, ad)).toEqual({ counted: true });
    const click = await call("GET", ad.clickUrl);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(normalised);
  });

  it("a campaign stored before the rule with a destination that cannot be sent answers its click with a 404, counting nothing", async () => {
    const { boss, id } = await running();
    const sam = await registerMember(t.server, "sam@example.com");
    const ad = (await next(sam.cookie))!;
    expect(await impression(sam.cookie, ad)).toEqual({ counted: true });
    await t.database.db.execute(
      sql`UPDATE ad_campaigns SET destination_url = ${"https://coffee.example.com/\r\nSet-Cookie: a=b"} WHERE id = ${id}::uuid`,
    );
    const click = await call("GET", ad.clickUrl);
    expect(click.statusCode).toBe(404);
    expect(click.json()).toEqual({ message: expect.any(String) });
    expect(click.headers.location).toBeUndefined();
    const report = (await call("GET", `/api/admin/ads/${id}`, boss.cookie)).json() as { total: Figures };
    expect(report.total.clicks).toBe(0);
    // A link the server did not sign is still refused.
    expect((await call("GET", clickPath("not the secret", ad.viewToken))).statusCode).toBe(404);
  });

  it("refuses a start or end outside the years a campaign can run (400, a readable message, nothing stored)", async () => {
    const boss = await admin();
    const [campaignsBefore, auditsBefore] = [await campaignCount(), await adAudits()];
    const years = new RegExp(`between ${AD_DATE_YEAR_MIN} and ${AD_DATE_YEAR_MAX}`);
    const early = [
      "0000-01-01T00:00:00Z",
      "0001-01-01T00:00:00Z",
      "0001-01-01T00:00:00+01:00",
      `${AD_DATE_YEAR_MIN - 1}-12-31T23:59:59Z`,
      `${AD_DATE_YEAR_MIN}-01-01T00:30:00+01:00`,
    ];
    const late = [
      "9999-12-31T23:59:59Z",
      "9999-12-31T23:59:59-05:00",
      `${AD_DATE_YEAR_MAX + 1}-01-01T00:00:00Z`,
      `${AD_DATE_YEAR_MAX}-12-31T23:30:00-01:00`,
    ];
    const inRange = { startsAt: adInput().startsAt, endsAt: adInput().endsAt };
    const cases: Array<[Partial<AdInput>, RegExp]> = [
      ...early.map((startsAt): [Partial<AdInput>, RegExp] => [{ startsAt }, /^startsAt must be/]),
      ...late.map((startsAt): [Partial<AdInput>, RegExp] => [
        { startsAt, endsAt: "9999-12-31T23:59:59Z" },
        /^startsAt must be/,
      ]),
      ...early.map((endsAt): [Partial<AdInput>, RegExp] => [
        { startsAt: "0000-01-01T00:00:00Z", endsAt },
        /^startsAt must be/,
      ]),
      ...early.map((endsAt): [Partial<AdInput>, RegExp] => [{ endsAt }, /^endsAt must be/]),
      ...late.map((endsAt): [Partial<AdInput>, RegExp] => [{ endsAt }, /^endsAt must be/]),
    ];
    for (const [over, field] of cases) {
      const res = await call("POST", "/api/admin/ads", boss.cookie, adInput({ ...inRange, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const { message } = res.json() as { message: string };
      expect(message, JSON.stringify(over)).toMatch(field);
      expect(message, JSON.stringify(over)).toMatch(years);
    }
    expect(await campaignCount()).toBe(campaignsBefore);
    expect(await adAudits()).toBe(auditsBefore);

    // The edges are allowed; an edit is held to the same rule and changes nothing when refused.
    const created = await call(
      "POST",
      "/api/admin/ads",
      boss.cookie,
      adInput({ startsAt: `${AD_DATE_YEAR_MIN}-01-01T00:00:00Z`, endsAt: `${AD_DATE_YEAR_MAX}-12-31T23:59:59.999Z` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const [row] = await t.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    for (const over of [
      { startsAt: "0000-01-01T00:00:00Z" },
      { endsAt: "9999-12-31T23:59:59-05:00" },
      { endsAt: "0001-01-01T00:00:00Z" },
    ]) {
      const res = await call("PUT", `/api/admin/ads/${id}`, boss.cookie, adInput(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(years);
    }
    const [after] = await t.database.db.select().from(adCampaigns).where(eq(adCampaigns.id, id));
    expect(after).toEqual(row);
    expect(await campaignCount()).toBe(campaignsBefore + 1);
    expect(await adAudits()).toBe(auditsBefore + 1);
  });
});

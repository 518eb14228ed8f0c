import { delay, http, HttpResponse } from "msw";
import { AD_ADMIN_PATHS, AD_PATHS, type AdCampaign, type ErrorBody, type ServedAd } from "@vicinity/contract";
import { registerMockReset } from "./resets";
import { campaignDaysFixture, campaignsFixture, servedAdFixture } from "../fixtures/ads";

/** The member side of ads: GET next, POST impressions, hide, the click redirect. */
export const adsHandlers = {
  /** No campaign targets him (204): every story's default, so a slot stays empty. */
  none: [http.get(AD_PATHS.next, () => new HttpResponse(null, { status: 204 }))],
  /** An ad for every slot; impressions and hides answered as the server does. */
  served: (ad: ServedAd = servedAdFixture) => [
    http.get(AD_PATHS.next, () => HttpResponse.json(ad)),
    http.post(AD_PATHS.impressions, () => HttpResponse.json({ counted: true })),
    http.post("/api/ads/:id/hide", () => HttpResponse.json({ ok: true })),
  ],
  /** The ad is asked for but never arrives: the slot stays empty meanwhile. */
  pending: [
    http.get(AD_PATHS.next, async () => {
      await delay("infinite");
      return new HttpResponse(null, { status: 204 });
    }),
  ],
};

/** The ads admin (GET/POST/PUT /api/admin/ads...), over a set of campaigns; each call has its own state. */
export function adsAdminApi(
  campaigns: readonly AdCampaign[] = campaignsFixture,
  options: { saveError?: string; statusError?: string } = {},
) {
  const store = new Map<string, AdCampaign>();
  let next = 100;
  const reset = () => {
    store.clear();
    for (const c of campaigns) store.set(c.id, structuredClone(c));
    next = 100;
  };
  reset();
  // Each story starts from its campaigns as written: a paused or duplicated one does not leak.
  registerMockReset(reset);
  const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });
  const zero = { impressions: 0, reach: 0, clicks: 0, ctr: 0 };
  return [
    http.get(AD_ADMIN_PATHS.campaigns, () => HttpResponse.json([...store.values()])),
    http.get("/api/admin/ads/:id", ({ params }) => {
      const c = store.get(String(params.id));
      return c
        ? HttpResponse.json({ ...c, days: c.total.impressions > 0 ? campaignDaysFixture : [] })
        : fail(404, "Campaign not found");
    }),
    http.post(AD_ADMIN_PATHS.campaigns, async ({ request }) => {
      if (options.saveError) return fail(400, options.saveError);
      const input = (await request.json()) as AdCampaign["input"];
      const created: AdCampaign = {
        id: `a0000000-0000-4000-8000-000000000${next++}`,
        input,
        status: "draft",
        today: zero,
        total: zero,
        createdAt: new Date().toISOString(),
      };
      store.set(created.id, created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put("/api/admin/ads/:id", async ({ params, request }) => {
      if (options.saveError) return fail(400, options.saveError);
      const c = store.get(String(params.id));
      if (!c) return fail(404, "Campaign not found");
      c.input = (await request.json()) as AdCampaign["input"];
      return HttpResponse.json(c);
    }),
    http.post("/api/admin/ads/:id/status", async ({ params, request }) => {
      if (options.statusError) return fail(400, options.statusError);
      const c = store.get(String(params.id));
      if (!c) return fail(404, "Campaign not found");
      if (c.status === "ended") return fail(409, "This campaign has ended: duplicate it to run it again");
      c.status = ((await request.json()) as { status: AdCampaign["status"] }).status;
      return HttpResponse.json(c);
    }),
    http.post("/api/admin/ads/:id/duplicate", ({ params }) => {
      const c = store.get(String(params.id));
      if (!c) return fail(404, "Campaign not found");
      const copy: AdCampaign = {
        ...structuredClone(c),
        id: `a0000000-0000-4000-8000-000000000${next++}`,
        status: "draft",
        today: zero,
        total: zero,
      };
      store.set(copy.id, copy);
      return HttpResponse.json(copy, { status: 201 });
    }),
  ];
}

export const adsAdminHandlers = {
  list: () => adsAdminApi(),
  empty: () => adsAdminApi([]),
  loading: [
    http.get(AD_ADMIN_PATHS.campaigns, async () => {
      await delay("infinite");
      return HttpResponse.json([]);
    }),
    http.get("/api/admin/ads/:id", async () => {
      await delay("infinite");
      return HttpResponse.json({});
    }),
  ],
  error: [
    http.get(AD_ADMIN_PATHS.campaigns, () =>
      HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 503 }),
    ),
    http.get("/api/admin/ads/:id", () =>
      HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 503 }),
    ),
  ],
};

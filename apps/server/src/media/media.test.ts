import { readdir } from "node:fs/promises";
import exifReader from "exif-reader";
import sharp from "sharp";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES } from "@vicinity/contract";
import { media } from "../db/schema";
import type { DirectoryMediaStore } from "./store";
import {
  guestCookie,
  registerMember,
  resetDatabase,
  startTestServer,
  testEngines,
  type TestServer,
} from "../test/harness";
import { jpegWithGps, pictureForm, pngWithAlpha } from "../test/pictures";

describe.each(testEngines())("pictures (%s)", (engine) => {
  let t: TestServer;
  let cookie: string;
  const inject = (options: InjectOptions) => t.server.app.inject(options);
  /** A server of its own whose render limits are these (read when its routes are registered). */
  async function serverWithRenderLimits(limits: { perMemberPerMinute: number; perAddressPerMinute: number }) {
    const { RENDER_LIMITS } = await import("./routes");
    const saved = { ...RENDER_LIMITS };
    Object.assign(RENDER_LIMITS, limits);
    try {
      return await startTestServer(engine);
    } finally {
      Object.assign(RENDER_LIMITS, saved);
    }
  }
  /** An event's picture: no variant is made ahead, so a test sees each render. */
  const EVENT_UPLOAD = "/api/media?kind=event";
  const upload = (body: FormData | string, headers: Record<string, string> = {}, url = "/api/media") =>
    inject({ method: "POST", url, headers: { cookie, ...headers }, payload: body });

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.database);
    cookie = (await registerMember(t.server, "pics@example.com")).cookie;
  });

  it("strips EXIF and GPS: the stored picture and every variant carry no metadata", async () => {
    const input = await jpegWithGps(800, 600);
    const inputMeta = await sharp(input).metadata();
    expect(exifReader(inputMeta.exif!).GPSInfo?.GPSLatitude).toEqual([30, 37, 12]);

    const res = await upload(pictureForm(input));
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: string; url: string; width: number; height: number };
    expect(body).toMatchObject({ url: `/media/${body.id}`, width: 800, height: 600 });

    for (const query of ["", "?w=200&f=webp", "?w=150&h=150&q=75&f=jpeg", "?w=48&f=avif", "?f=png"]) {
      const served = await inject({ method: "GET", url: `${body.url}${query}`, headers: { cookie } });
      expect(served.statusCode, query).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif, query).toBeUndefined();
      expect(meta.xmp, query).toBeUndefined();
      expect(meta.iptc, query).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("TestCam")), query).toBe(false);
    }
  });

  it("decides the type by content, not by the name or the declared type", async () => {
    const png = await pngWithAlpha();
    const named = await upload(pictureForm(png, "holiday.jpg", "image/jpeg"));
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ width: 300, height: 200 });

    const fake = await upload(pictureForm(Buffer.from("<?php echo 'hi'; ?>"), "photo.jpg", "image/jpeg"));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(
      "That file is not a picture we can use. Upload a JPEG, PNG, WebP or AVIF picture.",
    );

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(pictureForm(gif, "a.gif", "image/gif"))).statusCode).toBe(400);
  });

  it("accepts every type the contract lists, and only those", async () => {
    const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } });
    const encode: Record<(typeof MEDIA_ACCEPTED_TYPES)[number], () => Promise<Buffer>> = {
      "image/jpeg": () => base().jpeg().toBuffer(),
      "image/png": () => base().png().toBuffer(),
      "image/webp": () => base().webp().toBuffer(),
      "image/avif": () => base().avif().toBuffer(),
    };
    expect(Object.keys(encode).sort()).toEqual([...MEDIA_ACCEPTED_TYPES].sort());
    for (const type of MEDIA_ACCEPTED_TYPES) {
      const res = await upload(pictureForm(await encode[type](), `a.${type.split("/")[1]}`, type));
      expect(res.statusCode, type).toBe(201);
    }
  });

  it("refuses bad uploads with a readable message and stores nothing", async () => {
    const cases: Array<[string, () => ReturnType<typeof upload>, number, RegExp]> = [
      [
        "no multipart",
        () => upload(JSON.stringify({ file: "x" }), { "content-type": "application/json" }),
        400,
        /multipart\/form-data/,
      ],
      ["empty file", () => upload(pictureForm(Buffer.alloc(0))), 400, /empty/],
      [
        "wrong field",
        async () => upload(pictureForm(await jpegWithGps(20, 20), "a.jpg", "image/jpeg", "picture")),
        400,
        /field named file/,
      ],
      ["too large", () => upload(pictureForm(Buffer.alloc(MEDIA_MAX_BYTES + 10, 1))), 413, /at most 15 MB/],
      [
        "bad kind",
        async () => upload(pictureForm(await jpegWithGps(20, 20)), {}, "/api/media?kind=avatarz"),
        400,
        /kind must be one of/,
      ],
      [
        "damaged",
        async () => upload(pictureForm((await jpegWithGps(200, 200)).subarray(0, 600))),
        400,
        /damaged|not a picture/,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      const res = await send();
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expect(await t.database.db.select().from(media)).toHaveLength(0);
  });

  it("refuses pictures of too many pixels", async () => {
    // 8000 x 7000 = 56 MP of one colour: a small file, a huge decode.
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#123456" } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const res = await upload(pictureForm(huge));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/56 megapixels; the most we take is 50/);
  });

  it("only members upload; visitors and guests are told why", async () => {
    const form = pictureForm(await jpegWithGps(20, 20));
    expect((await inject({ method: "POST", url: "/api/media", payload: form })).statusCode).toBe(401);
    const guest = await guestCookie(t.server);
    const res = await inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie: guest },
      payload: pictureForm(await jpegWithGps(20, 20)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Sign up for full access to do this");
  });

  it("turns pictures upright by their EXIF orientation before dropping it", async () => {
    const res = await upload(pictureForm(await jpegWithGps(400, 200, 6)));
    expect(res.json()).toMatchObject({ width: 200, height: 400 });
  });

  // An event's picture here and below: a profile picture's common sizes are made ahead (see below).
  it("serves variants: sizes, crop, quality, format by f or by Accept, ETags and long caching", async () => {
    const { url } = (await upload(pictureForm(await jpegWithGps(1200, 800)), {}, EVENT_UPLOAD)).json() as {
      url: string;
    };
    const get = (q: string, headers: Record<string, string> = {}) =>
      inject({ method: "GET", url: `${url}${q}`, headers: { cookie, ...headers } });

    const w200 = await get("?w=200&q=90&f=webp");
    expect(w200.headers["content-type"]).toBe("image/webp");
    expect(await sharp(w200.rawPayload).metadata()).toMatchObject({ format: "webp", width: 200, height: 133 });
    expect(w200.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(w200.headers["x-media-cache"]).toBe("miss");
    const again = await get("?w=200&q=90&f=webp");
    expect(again.headers["x-media-cache"]).toBe("hit");
    expect(again.headers.etag).toBe(w200.headers.etag);
    expect(again.rawPayload.equals(w200.rawPayload)).toBe(true);

    const notModified = await get("?w=200&q=90&f=webp", { "if-none-match": String(w200.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);

    const thumb = await get("?w=150&h=150&q=75");
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 150, height: 150 });
    expect(thumb.headers.vary).toBe("Accept");

    expect((await get("", { accept: "image/avif,image/webp,*/*" })).headers["content-type"]).toBe("image/avif");
    expect((await get("", { accept: "image/webp,*/*" })).headers["content-type"]).toBe("image/webp");
    expect((await get("", { accept: "*/*" })).headers["content-type"]).toBe("image/jpeg");
    expect((await get("?w=5000")).statusCode).toBe(400);

    const low = await get("?w=600&q=20&f=jpeg");
    const high = await get("?w=600&q=95&f=jpeg");
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
    // Never enlarged.
    expect(await sharp((await get("?w=2400&f=webp")).rawPayload).metadata()).toMatchObject({ width: 1200 });
  });

  it("keeps transparency: PNG with alpha is served as PNG to browsers without WebP", async () => {
    const { url } = (await upload(pictureForm(await pngWithAlpha()))).json() as { url: string };
    const res = await inject({ method: "GET", url, headers: { cookie, accept: "image/*" } });
    expect(res.headers["content-type"]).toBe("image/png");
    expect((await sharp(res.rawPayload).metadata()).hasAlpha).toBe(true);
  });

  it("answers bad picture requests with 4xx and a message", async () => {
    const { url } = (await upload(pictureForm(await jpegWithGps(100, 100)))).json() as { url: string };
    const cases: Array<[string, number, RegExp]> = [
      ["/media/not-a-uuid", 404, /Picture not found/],
      ["/media/00000000-0000-4000-8000-000000000000", 404, /Picture not found/],
      [`${url}?w=0`, 400, /w must be at least 1/],
      [`${url}?w=abc`, 400, /w must be a whole number/],
      [`${url}?h=-4`, 400, /h must be a whole number/],
      [`${url}?q=0`, 400, /q must be a whole number from 1 to 100/],
      [`${url}?q=101`, 400, /q must be a whole number from 1 to 100/],
      [`${url}?f=gif`, 400, /f must be one of: webp, avif, jpeg, png/],
      [`${url}?size=big`, 400, /Unknown field: size/],
    ];
    for (const [path, status, message] of cases) {
      const res = await inject({ method: "GET", url: path, headers: { cookie } });
      expect(res.statusCode, path).toBe(status);
      expect(res.json().message, path).toMatch(message);
    }
  });

  it("visitors and guests see thumbnails only", async () => {
    const { url } = (await upload(pictureForm(await jpegWithGps(400, 400)))).json() as { url: string };
    const guest = await guestCookie(t.server);
    for (const headers of [{}, { cookie: guest }]) {
      expect((await inject({ method: "GET", url: `${url}?w=150&h=150&q=75`, headers })).statusCode).toBe(200);
      const full = await inject({ method: "GET", url: `${url}?w=400`, headers });
      expect(full.statusCode).toBe(403);
      expect(full.json().message).toMatch(/Sign up to see full-size pictures/);
      expect((await inject({ method: "GET", url, headers })).statusCode).toBe(403);
    }
  });

  it("serves a fixed set of variants: 40 odd sizes make a handful of renders and files, not 40", async () => {
    const { id, url } = (await upload(pictureForm(await jpegWithGps(1200, 800)), {}, EVENT_UPLOAD)).json() as {
      id: string;
      url: string;
    };
    let misses = 0;
    for (let w = 101; w <= 140; w++) {
      const res = await inject({
        method: "GET",
        url: `${url}?w=${w}&q=${w % 7 === 0 ? 83 : 80}&f=webp`,
        headers: { cookie },
      });
      expect(res.statusCode, `w=${w}`).toBe(200);
      if (res.headers["x-media-cache"] === "miss") misses += 1;
    }
    const files = await readdir((t.server.context.mediaStore as DirectoryMediaStore).variantPath(id, ""));
    // 101..112 are served as 112 and 113..140 as 150; q 83 as 85.
    expect(misses).toBeLessThanOrEqual(4);
    expect(files).toHaveLength(misses);
  });

  it("answers a snapped request with the canonical variant: same ETag, same bytes, the snapped size", async () => {
    const { url } = (await upload(pictureForm(await jpegWithGps(1200, 800)))).json() as { url: string };
    const get = (q: string, headers: Record<string, string> = {}) =>
      inject({ method: "GET", url: `${url}${q}`, headers: { cookie, ...headers } });

    const odd = await get("?w=101&q=78&f=webp");
    expect(odd.headers["x-media-cache"]).toBe("miss");
    expect(await sharp(odd.rawPayload).metadata()).toMatchObject({ width: 112 });
    const canonical = await get("?w=112&q=80&f=webp");
    expect(canonical.headers["x-media-cache"]).toBe("hit");
    expect(canonical.headers.etag).toBe(odd.headers.etag);
    expect(canonical.rawPayload.equals(odd.rawPayload)).toBe(true);
    expect((await get("?w=105&q=79&f=webp", { "if-none-match": String(canonical.headers.etag) })).statusCode).toBe(304);
  });

  it("limits renders per member and per address; cached variants and other addresses still answer", async () => {
    const limited = await serverWithRenderLimits({ perMemberPerMinute: 3, perAddressPerMinute: 5 });
    try {
      const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
        limited.server.app.inject({ method: "GET", url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
      const first = await registerMember(limited.server, "renders@example.com");
      const { id, url } = (
        await limited.server.app.inject({
          method: "POST",
          url: EVENT_UPLOAD,
          headers: { cookie: first.cookie },
          payload: pictureForm(await jpegWithGps(800, 600)),
        })
      ).json() as { id: string; url: string };
      const asFirst = (q: string, headers: Record<string, string> = {}) =>
        get(`${url}${q}`, { cookie: first.cookie, ...headers });

      for (const w of [48, 64, 96]) expect((await asFirst(`?w=${w}&f=webp`)).headers["x-media-cache"]).toBe("miss");
      const refused = await asFirst("?w=112&f=webp");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many new picture sizes/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // Cache hits (also by an odd size snapping to a cached one) and 304s are never limited.
      const cached = await asFirst("?w=50&f=webp"); // served as 64
      expect(cached.statusCode).toBe(200);
      expect(cached.headers["x-media-cache"]).toBe("hit");
      expect((await asFirst("?w=64&f=webp", { "if-none-match": String(cached.headers.etag) })).statusCode).toBe(304);
      // The refused render wrote nothing.
      expect(
        await readdir((limited.server.context.mediaStore as DirectoryMediaStore).variantPath(id, "")),
      ).toHaveLength(3);

      // The address (3 renders so far) allows 2 more, whoever asks.
      const second = await registerMember(limited.server, "renders2@example.com");
      expect((await get(`${url}?w=150&f=webp`, { cookie: second.cookie })).statusCode).toBe(200);
      expect((await get(`${url}?w=200&f=webp`, { cookie: second.cookie })).statusCode).toBe(200);
      expect((await get(`${url}?w=320&f=webp`, { cookie: second.cookie })).statusCode).toBe(429);
      // Visitors are limited by address only: refused here, served from another address.
      expect((await get(`${url}?w=150&h=150&f=webp`)).statusCode).toBe(429);
      expect((await get(`${url}?w=140&f=webp`)).statusCode).toBe(200); // snaps to the cached 150
      expect((await get(`${url}?w=150&h=150&f=webp`, {}, "203.0.113.9")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("makes a profile picture's common sizes when it is stored: a screen of avatars is served from files, never refused", async () => {
    const { PRERENDERED_VARIANTS } = await import("./service");
    const limited = await serverWithRenderLimits({ perMemberPerMinute: 1, perAddressPerMinute: 1 });
    try {
      const store = limited.server.context.mediaStore as DirectoryMediaStore;
      const member = await registerMember(limited.server, "avatars@example.com");
      const pictures: Array<{ id: string; url: string }> = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.server.app.inject({
          method: "POST",
          url: "/api/media",
          headers: { cookie: member.cookie },
          payload: pictureForm(await jpegWithGps(900 + i, 700)),
        });
        expect(res.statusCode).toBe(201);
        pictures.push(res.json() as { id: string; url: string });
      }
      // Made after the answer, in the background: every listed variant of every picture, and no other.
      const listed = PRERENDERED_VARIANTS.map((v) => v.key).sort();
      for (const { id } of pictures)
        await vi.waitFor(
          async () => expect((await readdir(store.variantPath(id, "")).catch(() => [])).sort()).toEqual(listed),
          { timeout: 20_000, interval: 100 },
        );
      const get = (url: string, accept = "image/webp,*/*") =>
        limited.server.app.inject({ method: "GET", url, headers: { cookie: member.cookie, accept } });
      // The app's sizes, as a browser asks (Accept): all served from files, though one render a minute is allowed.
      const accepts = { avif: "image/avif,image/webp,*/*", webp: "image/webp,*/*" };
      for (const { url } of pictures)
        for (const query of ["?w=48&h=48&q=85", "?w=96&h=96&q=85", "?w=150&h=150&q=75", "?w=200&q=90"])
          for (const [format, accept] of Object.entries(accepts)) {
            const res = await get(`${url}${query}`, accept);
            expect(res.statusCode, `${query} ${format}`).toBe(200);
            expect(res.headers["content-type"]).toBe(`image/${format}`);
            expect(res.headers["x-media-cache"], `${query} ${format}`).toBe("hit");
          }
      // Another size is rendered on request, and counted: the second is refused.
      expect((await get(`${pictures[0]!.url}?w=320&f=webp`)).statusCode).toBe(200);
      expect((await get(`${pictures[0]!.url}?w=480&f=webp`)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("visitors and guests get 150 px thumbnails of any requested size up to 150, and nothing that snaps larger", async () => {
    const { url } = (await upload(pictureForm(await jpegWithGps(400, 400)))).json() as { url: string };
    const guest = await guestCookie(t.server);
    for (const headers of [{}, { cookie: guest }]) {
      for (const query of ["?w=150", "?w=150&h=150&q=75", "?w=120&h=90", "?w=48&h=48&q=85"]) {
        const res = await inject({ method: "GET", url: `${url}${query}&f=webp`, headers });
        expect(res.statusCode, query).toBe(200);
        expect((await sharp(res.rawPayload).metadata()).width, query).toBeLessThanOrEqual(150);
      }
      expect(
        await sharp((await inject({ method: "GET", url: `${url}?w=149&h=149&f=webp`, headers })).rawPayload).metadata(),
      ).toMatchObject({ width: 150, height: 150 });
      for (const query of ["?w=151", "?w=150&h=151", "?h=150", "?w=2560"]) {
        const res = await inject({ method: "GET", url: `${url}${query}`, headers });
        expect(res.statusCode, query).toBe(403);
        expect(res.json().message, query).toMatch(/Sign up to see full-size pictures/);
      }
    }
  });

  it("limits uploads per member", async () => {
    const { UPLOADS_PER_TEN_MINUTES } = await import("./routes");
    const picture = await jpegWithGps(16, 16);
    const member = await registerMember(t.server, "flood@example.com");
    let last = 0;
    for (let i = 0; i <= UPLOADS_PER_TEN_MINUTES; i++) {
      last = (
        await inject({
          method: "POST",
          url: "/api/media",
          headers: { cookie: member.cookie },
          payload: pictureForm(picture),
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../db/database";
import { media, profilePhotos } from "../db/schema";
import type { MediaStore } from "../media/store";
import { MEDIA_URL_PREFIX } from "../media/url";
import { prerenderVariants, renderPrerenderedVariants } from "../media/service";

/** Portraits drawn, each shared by a few demo members (varied backdrops, skin, hair and shirts). */
const PORTRAITS = 16;
const WIDTH = 600;
const HEIGHT = 750;
const SKIN = ["#8d5524", "#c68642", "#e0ac69", "#f1c27d", "#ffdbac", "#5c3a1e"];
const BACKDROPS = [
  ["#1e3c72", "#2a5298"],
  ["#42275a", "#734b6d"],
  ["#134e5e", "#71b280"],
  ["#cb356b", "#bd3f32"],
  ["#0f2027", "#2c5364"],
  ["#614385", "#516395"],
  ["#ee9ca7", "#ffdde1"],
  ["#3a1c71", "#d76d77"],
];

/** An illustrated head-and-shoulders portrait: a stand-in for a real photo, made on this machine. */
function portrait(variant: number): string {
  const [from, to] = BACKDROPS[variant % BACKDROPS.length]!;
  const skin = SKIN[variant % SKIN.length]!;
  const shirt = ["#111827", "#f9fafb", "#b91c1c", "#1d4ed8", "#15803d", "#a16207"][variant % 6]!;
  const hair = ["#1f130b", "#3b2414", "#6b4423", "#0b0b0b", "#a0522d"][variant % 5]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 600 750">
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="600" height="750" fill="url(#b)"/>
<path d="M90 750 C110 590 200 540 300 540 C400 540 490 590 510 750 Z" fill="${shirt}"/>
<rect x="262" y="430" width="76" height="120" rx="30" fill="${skin}"/>
<ellipse cx="300" cy="330" rx="118" ry="140" fill="${skin}"/>
<path d="M182 320 C180 210 240 170 300 170 C370 170 424 215 418 320 C400 260 360 240 300 240 C240 240 200 262 182 320 Z" fill="${hair}"/>
</svg>`;
}

/**
 * Gives every demo member a profile picture, through the real pipeline's storage (a media row, a
 * profile photo, the file under MEDIA_DIR), so the demo city looks like one: no letters in its grid
 * or on its map. Portraits and their pre-rendered sizes (avatars, markers, tiles) are drawn once
 * each and written per member, so every member owns his own files and a first screen of 200
 * avatars is served from them.
 */
export async function seedDemoPhotos(
  db: Db,
  store: MediaStore,
  memberIds: readonly string[],
  random: () => number,
): Promise<number> {
  const variants = await Promise.all(
    Array.from({ length: PORTRAITS }, (_, i) =>
      sharp(Buffer.from(portrait(i)))
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
  const sizes: Array<Map<string, Buffer>> = [];
  for (const original of variants) sizes.push(await renderPrerenderedVariants(original));
  // Who gets which portrait: shuffled, so neighbours do not share one in id order.
  const chosen = memberIds
    .map((id) => ({ id, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((m) => m.id);
  if (chosen.length === 0) return 0;
  const rows = await db
    .insert(media)
    .values(
      chosen.map((ownerId, i) => ({
        ownerId,
        kind: "photo" as const,
        width: WIDTH,
        height: HEIGHT,
        bytes: variants[i % variants.length]!.length,
        reviewedAt: new Date(),
      })),
    )
    .returning({ id: media.id, ownerId: media.ownerId });
  await Promise.all(rows.map((row, i) => store.saveOriginal(row.id, variants[i % variants.length]!)));
  for (const [i, row] of rows.entries()) await prerenderVariants(store, row.id, sizes[i % sizes.length]);
  await db.insert(profilePhotos).values(rows.map((row) => ({ mediaId: row.id, userId: row.ownerId, position: 0 })));
  // One statement: each chosen member's picture becomes his main one.
  await db.execute(sql`
    UPDATE users u SET profile_image_url = ${MEDIA_URL_PREFIX} || m.id::text
    FROM media m WHERE m.owner_id = u.id AND m.id IN (${sql.join(
      rows.map((r) => sql`${r.id}::uuid`),
      sql`, `,
    )})
  `);
  return rows.length;
}

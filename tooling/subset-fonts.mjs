// The first font files a page needs, cut down to what the app's own text uses
// (docs/decisions/0032). @fontsource's "latin" file of Inter (48 KB) and of Space Grotesk (22 KB)
// holds the whole of Latin-1 and more; the app's words, figures and punctuation need only ASCII
// and a few marks. This writes those glyphs (every weight, every OpenType feature kept: the same
// outlines, drawn pixel for pixel the same) into packages/ui/src/styles/fonts/, which the style
// sheet declares after @fontsource's faces for the same characters: the browser takes the later
// face first and asks for the whole latin file only for a page that shows another of its
// characters (a name with an accent).
//
//   node tooling/subset-fonts.mjs          (writes the files; run it after updating @fontsource)
//
// tooling/subset-fonts.test.ts checks that the committed files are what this writes.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
export const FONTS_DIR = path.join(root, "packages/ui/src/styles/fonts");

/**
 * The characters of the basic faces: printable ASCII, the no-break space and the marks the app's
 * text uses (·, the dashes, the curly quotes, the bullet, the ellipsis) and the euro sign. The
 * style sheet's `unicode-range` for these faces must say the same (UNICODE_RANGE).
 */
export const BASIC_CODE_POINTS = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  0xa0,
  0xb7,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2026,
  0x20ac,
];

/** BASIC_CODE_POINTS as a CSS unicode-range. */
export const UNICODE_RANGE =
  "U+0020-007E, U+00A0, U+00B7, U+2013-2014, U+2018-2019, U+201C-201D, U+2022, U+2026, U+20AC";

/** Each basic face: the @fontsource file it is cut from, and the file it is written to. */
export const BASIC_FACES = [
  { from: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", to: "inter-basic-wght-normal.woff2" },
  {
    from: "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2",
    to: "space-grotesk-basic-wght-normal.woff2",
  },
];

/** The basic face cut from `from`: its glyphs for BASIC_CODE_POINTS, with every axis and feature. */
export async function basicFace(from) {
  const original = readFileSync(require.resolve(from));
  const text = String.fromCodePoint(...BASIC_CODE_POINTS);
  return subsetFont(original, text, { targetFormat: "woff2" });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const face of BASIC_FACES) {
    const bytes = await basicFace(face.from);
    writeFileSync(path.join(FONTS_DIR, face.to), bytes);
    console.info(
      `${face.to}: ${(bytes.length / 1024).toFixed(1)} KB (from ${path.basename(face.from)}, ${(readFileSync(require.resolve(face.from)).length / 1024).toFixed(1)} KB)`,
    );
  }
}

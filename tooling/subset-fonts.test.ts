import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASIC_CODE_POINTS, BASIC_FACES, FONTS_DIR, UNICODE_RANGE, basicFace } from "./subset-fonts.mjs";

const STYLES = path.resolve(import.meta.dirname, "../packages/ui/src/styles/index.css");

/** The code points a CSS unicode-range names ("U+0020-007E, U+00A0"). */
function codePointsOf(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-") as [string, string?];
    const start = Number.parseInt(from, 16);
    const end = Number.parseInt(to, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

describe("the basic font faces (tooling/subset-fonts.mjs)", () => {
  it("are committed as the script writes them from the installed @fontsource files (run `node tooling/subset-fonts.mjs` after an update)", async () => {
    for (const face of BASIC_FACES) {
      const committed = readFileSync(path.join(FONTS_DIR, face.to));
      expect(Buffer.compare(committed, Buffer.from(await basicFace(face.from))), face.to).toBe(0);
    }
  });

  it("are much smaller than the latin files they are cut from", async () => {
    for (const face of BASIC_FACES) {
      const committed = readFileSync(path.join(FONTS_DIR, face.to)).length;
      const original = readFileSync(require.resolve(face.from)).length;
      expect(committed, face.to).toBeLessThan(original * 0.7);
    }
  });

  it("are declared in the style sheet for exactly the characters they hold, after @fontsource's faces", () => {
    expect(codePointsOf(UNICODE_RANGE)).toEqual(BASIC_CODE_POINTS);
    const css = readFileSync(STYLES, "utf8");
    for (const face of BASIC_FACES) {
      const rule = new RegExp(
        `@font-face \\{[^}]*url\\(\\./fonts/${face.to.replace(/\./g, "\\.")}\\)[^}]*unicode-range: ([^;]+);`,
      ).exec(css);
      expect(rule?.[1], face.to).toBe(UNICODE_RANGE);
      expect(css.indexOf(face.to)).toBeGreaterThan(css.lastIndexOf("@import"));
    }
  });
});

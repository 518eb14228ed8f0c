import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const web = path.resolve(import.meta.dirname, "..");

describe("index.html", () => {
  it("holds the icon itself, public/favicon.svg as a data: URL (no request beside the first scripts: docs/decisions/0033)", () => {
    const html = readFileSync(path.join(web, "index.html"), "utf8");
    const icons = [...html.matchAll(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)" \/>/g)].map(
      (match) => match[1]!,
    );
    expect(icons).toHaveLength(1);
    expect(icons[0]).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(icons[0]!.slice("data:image/svg+xml,".length));
    const file = readFileSync(path.join(web, "public/favicon.svg"), "utf8").trim();
    expect(svg).toBe(file.replace(/"/g, "'"));
  });
});

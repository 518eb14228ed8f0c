import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
import { beforeAll, describe, expect, it } from "vitest";
import { cn } from "../packages/ui/src/lib/cn";
import { TABLE_FILE, buildTable, candidates, tableModule } from "./tw-merge-table.mjs";

let classes: string[] = [];
beforeAll(async () => {
  classes = await candidates();
}, 30_000);

describe("cn's tailwind-merge table (tooling/tw-merge-table.mjs)", () => {
  it("finds the classes Tailwind makes CSS for in the sources, and only those", () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toEqual(expect.arrayContaining(["px-4", "hover:bg-accent-hover", "sr-only", "md:grid-cols-3"]));
    // Words of the sources' text and names are candidates too, but have no CSS.
    expect(classes).not.toContain("the");
    expect(classes).not.toContain("useState");
  });

  it("is committed as the script writes it from the sources (run `node tooling/tw-merge-table.mjs` after adding a class)", async () => {
    expect(readFileSync(TABLE_FILE, "utf8")).toBe(tableModule(await buildTable(classes)));
  });

  it("merges as tailwind-merge's default does for every pair of the classes, in either order", () => {
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        if (cn(list) !== twMerge(list)) differences.push(`${list}: ${cn(list)} (default: ${twMerge(list)})`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 60_000);

  it("lets a later class win within its group and keeps classes of other groups", () => {
    expect(cn("px-2 py-1 px-4")).toBe("py-1 px-4");
    expect(cn("p-2", "px-4")).toBe("p-2 px-4");
    expect(cn("px-4", "p-2")).toBe("p-2");
    expect(cn("text-sm text-accent")).toBe("text-sm text-accent");
    expect(cn("bg-muted hover:bg-accent-hover", "bg-accent")).toBe("hover:bg-accent-hover bg-accent");
    expect(cn("rounded-md", false, undefined, "rounded-full")).toBe("rounded-full");
    expect(cn("my-own-class px-2", "px-4")).toBe("my-own-class px-4");
  });
});

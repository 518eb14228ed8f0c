import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { devicesOf, themesOf } from "./devices";

/** Every story is in the visual suite: each has a committed baseline per device class and theme. */
test("every story has its baselines, and every baseline a story", async () => {
  const index = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../storybook-static/index.json"), "utf8"),
  ) as { entries: Record<string, { id: string; type: string; tags?: string[] }> };
  const expected = new Set<string>();
  for (const entry of Object.values(index.entries)) {
    if (entry.type !== "story") continue;
    for (const device of devicesOf(entry.tags ?? [])) {
      for (const theme of themesOf(entry.id)) expected.add(`${entry.id}--${device}--${theme}.png`);
    }
  }
  const dir = path.resolve(import.meta.dirname, "baselines");
  const present = new Set(existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".png")) : []);
  expect(
    [...expected].filter((f) => !present.has(f)),
    "stories without a baseline",
  ).toEqual([]);
  expect(
    [...present].filter((f) => !expected.has(f)),
    "baselines of stories that no longer exist",
  ).toEqual([]);
  expect(expected.size).toBeGreaterThan(60);
});

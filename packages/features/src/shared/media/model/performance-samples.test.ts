import { describe, expect, it } from "vitest";
import { PERFORMANCE_SAMPLES_KEPT, PerformanceSamples } from "./performance-samples";

describe("PerformanceSamples (spec: the last 10 samples)", () => {
  it("keeps only the last 10 samples per name and averages them", () => {
    expect(PERFORMANCE_SAMPLES_KEPT).toBe(10);
    const perf = new PerformanceSamples();
    for (let ms = 1; ms <= 15; ms++) perf.record("render", ms);
    perf.record("fetch", 100);

    expect(perf.samples("render")).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(perf.average("render")).toBe(10.5);
    expect(perf.last("render")).toBe(15);
    expect(perf.samples("fetch")).toEqual([100]);
    expect(perf.average("fetch")).toBe(100);
    expect(perf.names().sort()).toEqual(["fetch", "render"]);
  });

  it("answers nothing for an unknown name and ignores non-finite samples", () => {
    const perf = new PerformanceSamples();
    expect(perf.samples("none")).toEqual([]);
    expect(perf.average("none")).toBeUndefined();
    expect(perf.last("none")).toBeUndefined();
    perf.record("x", Number.NaN);
    perf.record("x", 4);
    expect(perf.average("x")).toBe(4);
  });

  it("returns a copy of the samples", () => {
    const perf = new PerformanceSamples();
    perf.record("x", 1);
    perf.samples("x").push(99);
    expect(perf.samples("x")).toEqual([1]);
  });

  it("measures synchronous work, including work that throws", () => {
    let now = 0;
    const perf = new PerformanceSamples({ now: () => now });
    expect(
      perf.measure("sync", () => {
        now += 7;
        return "done";
      }),
    ).toBe("done");
    expect(() =>
      perf.measure("sync", () => {
        now += 3;
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(perf.samples("sync")).toEqual([7, 3]);
  });

  it("measures asynchronous work until it settles", async () => {
    let now = 0;
    const perf = new PerformanceSamples({ now: () => now });
    const pending = perf.measure("async", async () => {
      await Promise.resolve();
      now += 25;
      return 42;
    });
    expect(perf.samples("async")).toEqual([]);
    expect(await pending).toBe(42);
    expect(perf.last("async")).toBe(25);

    await expect(
      perf.measure("async", async () => {
        now += 5;
        throw new Error("failed");
      }),
    ).rejects.toThrow("failed");
    expect(perf.samples("async")).toEqual([25, 5]);
  });

  it("uses performance.now by default", () => {
    const perf = new PerformanceSamples();
    perf.measure("real", () => undefined);
    expect(perf.last("real")).toBeGreaterThanOrEqual(0);
  });
});

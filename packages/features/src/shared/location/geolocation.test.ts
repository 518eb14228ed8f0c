import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  FALLBACK_LOCATION,
  followMemberLocation,
  LOCATION_WAIT_MS,
  type MemberLocation,
  GEOLOCATION_OPTIONS,
  lastKnownLocation,
  locateEarly,
  locateRecently,
  recentLocation,
  setLastKnownLocation,
} from "./geolocation";

function fakeDevice(latitude: number) {
  const getCurrentPosition = vi.fn((success: PositionCallback) =>
    success({ coords: { latitude, longitude: -81.6 } } as GeolocationPosition),
  );
  return { getCurrentPosition } as unknown as Geolocation & { getCurrentPosition: typeof getCurrentPosition };
}

describe("locateEarly and locateRecently", () => {
  it("give a page the first load's answer while it is within the spec's maximum age, then ask the device again", async () => {
    const device = fakeDevice(30.3);
    const early = locateEarly(device, 10_000);
    expect(device.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      GEOLOCATION_OPTIONS,
    );
    // The page asks within 60 s: the same answer, the device is not asked twice.
    expect(locateRecently(10_000 + 59_000)).toBe(early);
    await expect(early).resolves.toEqual({ latitude: 30.3, longitude: -81.6, source: "device" });
    expect(device.getCurrentPosition).toHaveBeenCalledTimes(1);
    // Later, the answer may be stale: a new question (here to no device: the spec's fallback).
    vi.stubGlobal("navigator", {});
    try {
      await expect(locateRecently(10_000 + 60_000)).resolves.toEqual({ ...FALLBACK_LOCATION, source: "fallback" });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the early answer is the spec's fallback when the device refuses", async () => {
    const refusing = {
      getCurrentPosition: (_: PositionCallback, error: PositionErrorCallback) =>
        error({ code: 1 } as GeolocationPositionError),
    } as Geolocation;
    await expect(locateEarly(refusing, 0)).resolves.toEqual({ ...FALLBACK_LOCATION, source: "fallback" });
  });

  it("recentLocation has the early answer once it has come, and only within the maximum age", async () => {
    let answer: PositionCallback | undefined;
    const slow = { getCurrentPosition: (success: PositionCallback) => void (answer = success) } as Geolocation;
    const early = locateEarly(slow, 5_000);
    // Not answered yet: a page draws its "finding" state and waits for the promise.
    expect(recentLocation(5_001)).toBeNull();
    answer!({ coords: { latitude: 30.4, longitude: -81.7 } } as GeolocationPosition);
    await early;
    expect(recentLocation(5_000 + 59_999)).toEqual({ latitude: 30.4, longitude: -81.7, source: "device" });
    expect(recentLocation(5_000 + 60_000)).toBeNull();
  });
});

describe("the last known position (docs/decisions/0029)", () => {
  const refusing = {
    getCurrentPosition: (_: PositionCallback, error: PositionErrorCallback) =>
      error({ code: 1 } as GeolocationPositionError),
  } as Geolocation;

  it("stands in for the spec's fallback when the device will not say, and gives way to the device's own answer", async () => {
    setLastKnownLocation({ latitude: 30.33, longitude: -81.65 });
    try {
      expect(lastKnownLocation()).toEqual({ latitude: 30.33, longitude: -81.65, source: "last-known" });
      await expect(locateEarly(refusing, 0)).resolves.toEqual({
        latitude: 30.33,
        longitude: -81.65,
        source: "last-known",
      });
      expect(recentLocation(1)).toEqual({ latitude: 30.33, longitude: -81.65, source: "last-known" });
      await expect(locateEarly(fakeDevice(30.5), 0)).resolves.toEqual({
        latitude: 30.5,
        longitude: -81.6,
        source: "device",
      });
      vi.stubGlobal("navigator", {});
      await expect(locateRecently(120_000)).resolves.toEqual({
        latitude: 30.33,
        longitude: -81.65,
        source: "last-known",
      });
    } finally {
      vi.unstubAllGlobals();
      setLastKnownLocation(null);
    }
  });

  it("once forgotten, the fallback is the spec's again", async () => {
    setLastKnownLocation({ latitude: 30.33, longitude: -81.65 });
    setLastKnownLocation(null);
    expect(lastKnownLocation()).toBeNull();
    await expect(locateEarly(refusing, 0)).resolves.toEqual({ ...FALLBACK_LOCATION, source: "fallback" });
  });
});

describe("followMemberLocation: a page never waits on the device", () => {
  const device: MemberLocation = { latitude: 30.3, longitude: -81.6, source: "device" };
  beforeEach(() => vi.useFakeTimers());
  /** A device asked: its answer is given by hand (`answer`), or never. */
  function follow(known: MemberLocation | null = null) {
    const seen: MemberLocation[] = [];
    let answer: (l: MemberLocation) => void = () => undefined;
    const stop = followMemberLocation(
      () => new Promise<MemberLocation>((resolve) => (answer = resolve)),
      (l) => seen.push(l),
      known,
    );
    return { seen, stop, answer: (l: MemberLocation) => answer(l) };
  }
  afterEach(() => vi.useRealTimers());

  it("shows the spec's fallback area once the wait is over when the device never answers (a prompt left open)", async () => {
    const { seen, stop } = follow();
    await vi.advanceTimersByTimeAsync(LOCATION_WAIT_MS - 1);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ ...FALLBACK_LOCATION, source: "fallback" }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toHaveLength(1);
    stop();
  });

  it("moves to the device's answer whenever it comes, after the fallback or instead of it", async () => {
    const late = follow();
    await vi.advanceTimersByTimeAsync(20_000);
    late.answer(device);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.seen.map((l) => l.source)).toEqual(["fallback", "device"]);

    const quick: MemberLocation[] = [];
    followMemberLocation(
      () => Promise.resolve(device),
      (l) => quick.push(l),
      null,
    );
    await vi.advanceTimersByTimeAsync(LOCATION_WAIT_MS * 2);
    expect(quick).toEqual([device]);
  });

  it("starts from the last known place (no fallback in between), and stops when told", async () => {
    const known: MemberLocation = { latitude: 30.2, longitude: -81.7, source: "last-known" };
    const { seen, answer } = follow(known);
    await vi.advanceTimersByTimeAsync(LOCATION_WAIT_MS * 3);
    expect(seen).toEqual([]);
    answer(device);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([device]);

    const stopped: MemberLocation[] = [];
    const stop = followMemberLocation(
      () => Promise.resolve(device),
      (l) => stopped.push(l),
      null,
    );
    stop();
    await vi.advanceTimersByTimeAsync(LOCATION_WAIT_MS * 2);
    expect(stopped).toEqual([]);
  });
});

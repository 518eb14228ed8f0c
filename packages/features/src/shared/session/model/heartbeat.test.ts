import { afterEach, describe, expect, it, vi } from "vitest";
import { createHeartbeat, HEARTBEAT_MIN_GAP_MS } from "./heartbeat";

function setup(statuses: number[], visible = true) {
  let t = 0;
  const send = vi.fn(async () => new Response(null, { status: statuses.shift() ?? 200 }));
  const onAuthLost = vi.fn();
  const hb = createHeartbeat({ send, isVisible: () => visible, now: () => t, onAuthLost });
  return { hb, send, onAuthLost, advance: (ms: number) => (t += ms) };
}

afterEach(() => vi.restoreAllMocks());

describe("heartbeat (spec sections 7, 8, 9)", () => {
  it("sends, then skips until 290 s have passed", async () => {
    const { hb, send, advance } = setup([200, 200]);
    expect(await hb.beat()).toBe("sent");
    advance(HEARTBEAT_MIN_GAP_MS - 1);
    expect(await hb.beat()).toBe("skipped");
    advance(1);
    expect(await hb.beat()).toBe("sent");
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("skips while the tab is hidden", async () => {
    const { hb, send } = setup([200], false);
    expect(await hb.beat()).toBe("skipped");
    expect(send).not.toHaveBeenCalled();
  });

  it("stops for good on a 401 and logs 'Authentication lost during heartbeat'", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { hb, send, onAuthLost, advance } = setup([401, 200]);
    expect(await hb.beat()).toBe("stopped");
    expect(warn).toHaveBeenCalledWith("Authentication lost during heartbeat");
    expect(onAuthLost).toHaveBeenCalledTimes(1);
    advance(HEARTBEAT_MIN_GAP_MS * 2);
    expect(await hb.beat()).toBe("stopped");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("only logs 'Heartbeat failed: {status}' on other failures and keeps going", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { hb, advance } = setup([503, 200]);
    expect(await hb.beat()).toBe("failed");
    expect(warn).toHaveBeenCalledWith("Heartbeat failed: 503");
    advance(HEARTBEAT_MIN_GAP_MS);
    expect(await hb.beat()).toBe("sent");
  });
});

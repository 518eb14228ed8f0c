import { describe, expect, it } from "vitest";
import { serverCloseReconnectDelay, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS } from "./realtime";

describe("serverCloseReconnectDelay", () => {
  it("spreads the reconnections after a server's goodbye over the spec's 1 to 5 s", () => {
    expect(serverCloseReconnectDelay(() => 0)).toBe(SOCKET_RECONNECT_DELAY_MS);
    expect(serverCloseReconnectDelay(() => 0.5)).toBe(3000);
    expect(serverCloseReconnectDelay(() => 0.999_999)).toBe(SOCKET_RECONNECT_DELAY_MAX_MS);
    const delays = Array.from({ length: 1000 }, () => serverCloseReconnectDelay());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(5000);
    // Not one instant: a thousand sockets land in more than a hundred different milliseconds.
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});

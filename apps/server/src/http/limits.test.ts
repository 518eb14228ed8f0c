import { describe, expect, it } from "vitest";
import { Limits, LIMITS_REDIS_TIMEOUT_MS, LimitsUnavailableError, type LimitsRedis } from "./limits";

describe("limits kept in Redis", () => {
  it("answer 503 'try again' instead of waiting for ever when Redis does not answer (it is restarting)", async () => {
    const never = new Promise<never>(() => undefined);
    const multi = { set: () => multi, incr: () => multi, pTTL: () => multi, get: () => multi, exec: () => never };
    const silent: LimitsRedis = { multi: () => multi, del: () => never };
    const limiter = new Limits(silent, "t").get("messages", 10, 60_000);
    const started = Date.now();
    const error = await limiter.take("someone").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitsUnavailableError);
    expect(error).toMatchObject({ statusCode: 503, headers: { "retry-after": "2" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS_REDIS_TIMEOUT_MS - 50);
    await expect(limiter.reset("someone")).rejects.toBeInstanceOf(LimitsUnavailableError);
  });
});

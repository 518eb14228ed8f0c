import { describe, expect, it } from "vitest";
import { beforeDeadline, TIMED_OUT } from "./deadline";

describe("beforeDeadline", () => {
  it("answers the work's value when it comes first, and TIMED_OUT when the time runs out first", async () => {
    expect(await beforeDeadline(Promise.resolve(42), 1000)).toBe(42);
    expect(await beforeDeadline(new Promise(() => undefined), 10)).toBe(TIMED_OUT);
  });

  it("passes a rejection on", async () => {
    await expect(beforeDeadline(Promise.reject(new Error("refused")), 1000)).rejects.toThrow("refused");
  });
});

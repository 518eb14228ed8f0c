import { describe, expect, it } from "vitest";
import {
  changeEmailRequestSchema,
  describeDevice,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
} from "./account";

describe("accounts by email", () => {
  it("names a device from its User-Agent, or says nothing it does not know", () => {
    const cases: Array<[string | undefined, string | null]> = [
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari on iPhone",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
        "Chrome on Android",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
        "Edge on Windows",
      ],
      ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
        "Chrome on iPhone",
      ],
      ["curl/8.5.0", null],
      [undefined, null],
    ];
    for (const [ua, name] of cases) expect(describeDevice(ua)).toBe(name);
  });

  it("refuses bad input with a readable message", () => {
    expect(forgotPasswordRequestSchema.safeParse({}).error?.issues[0]?.message).toBe("Enter your email address");
    expect(forgotPasswordRequestSchema.safeParse({ email: " Marco@Example.com " }).data).toEqual({
      email: "Marco@Example.com",
    });
    expect(resetPasswordRequestSchema.safeParse({ token: "t", password: "short" }).error?.issues[0]?.message).toBe(
      "Passwords must be at least 8 characters",
    );
    expect(resetPasswordRequestSchema.safeParse({ password: "long enough pass" }).error?.issues[0]?.message).toBe(
      "token is required",
    );
    expect(
      changeEmailRequestSchema.safeParse({ email: "new@example.com", password: "" }).error?.issues[0]?.message,
    ).toBe("Enter your password to change your address");
  });
});

import { describe, expect, it } from "vitest";
import { detectDeviceClass } from "./device-class";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36";

describe("device classes (spec section 2)", () => {
  it.each([
    [IPHONE, 1280, false, "mobile"],
    [ANDROID_PHONE, 412, true, "mobile"],
    [IPAD, 820, true, "tablet"],
    [ANDROID_TABLET, 1280, true, "tablet"],
    [DESKTOP, 768, true, "mobile"],
    [DESKTOP, 769, true, "tablet"],
    [DESKTOP, 1024, true, "tablet"],
    [DESKTOP, 1025, true, "desktop"],
    [DESKTOP, 600, false, "desktop"],
    [DESKTOP, 1280, false, "desktop"],
  ] as const)("%#: agent, width %s, touch %s is %s", (userAgent, width, touch, expected) => {
    expect(detectDeviceClass({ userAgent, width, touch })).toBe(expected);
  });
});

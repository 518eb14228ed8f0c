import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { changePasswordRequestSchema, loginRequestSchema, registerRequestSchema } from "./auth";
import { sendMessageSchema } from "./messages";
import {
  CONTROL_CHARACTER,
  findControlCharacter,
  INVISIBLE_OR_BIDI_CHARACTER,
  LONE_SURROGATE,
  nameText,
  plainText,
  withThousands,
} from "./text";
import { interestsSchema, profileUpdateSchema, reportRequestSchema, rightNowRequestSchema } from "./users";

/** The first message of a refused parse (what the server answers with its 400), or null when it passes. */
function refusal(schema: z.ZodMiniType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "refused");
}

const NUL = "\u0000";
const RIGHT_TO_LEFT_OVERRIDE = "\u202E";
const ZERO_WIDTH_SPACE = "\u200B";
/** Letters and symbols a person types: accents, emoji (with a variation selector and a joiner sequence), Arabic, Hebrew, CJK. */
const EVERYDAY = [
  "José",
  "Zoë Ångström",
  "Łukasz",
  "❤️ coffee",
  "👨‍👩‍👦 family",
  "Sam 🏳️‍🌈",
  "👩🏽‍💻",
  "محمد",
  "דוד",
  "李小龍",
  "Ñandú 🇫🇷",
];
const CONVERSATION_ID = "3f0c9c2e-4c1b-4b6a-9a55-0d2f0e8d7c11";

describe("the character classes", () => {
  it("CONTROL_CHARACTER takes C0 (but tab, LF, CR), DEL and C1", () => {
    for (const c of [
      NUL,
      "\u0001",
      "\u0008",
      "\u000B",
      "\u000C",
      "\u000E",
      "\u001B",
      "\u001F",
      "\u007F",
      "\u0080",
      "\u0085",
      "\u009F",
    ]) {
      expect(CONTROL_CHARACTER.test(c), JSON.stringify(c)).toBe(true);
    }
    for (const c of ["\t", "\n", "\r", " ", "a", "\u00A0", "é", RIGHT_TO_LEFT_OVERRIDE]) {
      expect(CONTROL_CHARACTER.test(c), JSON.stringify(c)).toBe(false);
    }
  });

  it("INVISIBLE_OR_BIDI_CHARACTER takes zero-width, bidi controls and the BOM, not letters", () => {
    for (const c of [
      ZERO_WIDTH_SPACE,
      "\u200C",
      "\u200D",
      "\u200E",
      "\u200F",
      "\u202A",
      RIGHT_TO_LEFT_OVERRIDE,
      "\u2066",
      "\u2069",
      "\u2060",
      "\uFEFF",
      "\u061C",
      "\u3164",
    ]) {
      expect(INVISIBLE_OR_BIDI_CHARACTER.test(c), JSON.stringify(c)).toBe(true);
    }
    for (const c of ["a", "é", "م", "ד", "李", "\uFE0F"]) {
      expect(INVISIBLE_OR_BIDI_CHARACTER.test(c), JSON.stringify(c)).toBe(false);
    }
  });

  it("LONE_SURROGATE takes half a pair, not a whole one", () => {
    expect(LONE_SURROGATE.test("a\uD800b")).toBe(true);
    expect(LONE_SURROGATE.test("\uDC00")).toBe(true);
    expect(LONE_SURROGATE.test("x\uDE00")).toBe(true);
    expect(LONE_SURROGATE.test("😀")).toBe(false);
    expect(LONE_SURROGATE.test("👨‍👩‍👦")).toBe(false);
  });

  it("findControlCharacter names where the first control character is", () => {
    expect(findControlCharacter({ a: "ok", b: ["x", `y${NUL}`] })).toBe("b[1]");
    expect(findControlCharacter({ profile: { bio: `a${NUL}` } })).toBe("profile.bio");
    expect(findControlCharacter(`a${NUL}`)).toBe("value");
    expect(findControlCharacter({ [`k${NUL}`]: 1 })).toBe("a field name");
    expect(findControlCharacter({ bio: "tab\tnew\nline\r\n", n: 1, ok: true, nothing: null })).toBeNull();
  });
});

describe("plainText", () => {
  const bio = plainText("Bio");

  it("refuses control characters with a message naming the field", () => {
    expect(refusal(bio, `hello${NUL}`)).toBe("Bio can't contain control characters");
    expect(refusal(bio, "\u001B[31mred")).toBe("Bio can't contain control characters");
    expect(refusal(bio, "next\u0085line")).toBe("Bio can't contain control characters");
  });

  it("refuses half a surrogate pair", () => {
    expect(refusal(bio, "a\uD800")).toBe("Bio can't contain invalid characters");
  });

  it("keeps tabs, line breaks, invisible characters and every script as they are", () => {
    expect(bio.parse("line one\n\tline two\r\n")).toBe("line one\n\tline two\r\n");
    expect(bio.parse(`a${ZERO_WIDTH_SPACE}b`)).toBe(`a${ZERO_WIDTH_SPACE}b`);
    for (const text of EVERYDAY) expect(bio.parse(text)).toBe(text);
  });

  it("keeps the string's own type message", () => {
    expect(refusal(plainText("Bio", { error: "bio must be text" }), 5)).toBe("bio must be text");
  });
});

describe("nameText", () => {
  const name = nameText("Display name");

  it("trims", () => {
    expect(name.parse("  Sam  ")).toBe("Sam");
  });

  it("refuses control, invisible and direction-changing characters, naming the field", () => {
    expect(refusal(name, `Sam${NUL}`)).toBe("Display name can't contain control characters");
    expect(refusal(name, `Sam${RIGHT_TO_LEFT_OVERRIDE}txet`)).toBe(
      "Display name can't contain invisible or direction-changing characters",
    );
    expect(refusal(name, `S${ZERO_WIDTH_SPACE}am`)).toBe(
      "Display name can't contain invisible or direction-changing characters",
    );
    expect(refusal(name, ZERO_WIDTH_SPACE.repeat(3))).toBe(
      "Display name can't contain invisible or direction-changing characters",
    );
    expect(refusal(name, "\u2066Sam\u2069")).toBe(
      "Display name can't contain invisible or direction-changing characters",
    );
    expect(refusal(name, "\u3164")).toBe("Display name can't contain invisible or direction-changing characters");
  });

  it("keeps the joiners of emoji sequences and of the scripts that spell with them, and only those", () => {
    for (const text of ["🏳️‍🌈", "🏳️‍⚧️", "👨‍👩‍👧‍👦", "👩🏽‍💻", "می\u200Cخواهم", "क्\u200Dष", "ශ්\u200Dරී"])
      expect(name.parse(text)).toBe(text);
    for (const text of [
      "S\u200Dam",
      "S\u200Cam",
      "\u200D",
      "🏳️\u200DSam",
      "Sam\u200D🌈",
      "ب\u200C\u200Cب",
      "ب\u200C",
    ]) {
      expect(refusal(name, text), JSON.stringify(text)).toBe(
        "Display name can't contain invisible or direction-changing characters",
      );
    }
  });

  it("refuses a name that shows blank", () => {
    expect(refusal(name, "\u2800")).toBe("Display name needs at least one visible character");
    expect(refusal(name, "\u2800 \u2800")).toBe("Display name needs at least one visible character");
    expect(refusal(name, "\u0301\u0301")).toBe("Display name needs at least one visible character");
    expect(refusal(name, "\uFE0F")).toBe("Display name needs at least one visible character");
  });

  it("leaves the empty name to the field's own rule", () => {
    expect(name.parse("   ")).toBe("");
    expect(refusal(nameText("First name").check(z.minLength(1, "First name cannot be empty")), "   ")).toBe(
      "First name cannot be empty",
    );
  });

  it("accepts names in any script, with accents and emoji", () => {
    for (const text of EVERYDAY) expect(name.parse(text)).toBe(text);
    expect(name.parse("Jean-Luc O'Neil")).toBe("Jean-Luc O'Neil");
  });
});

describe("profileUpdateSchema", () => {
  it.each([
    ["firstName", { firstName: `Sam${NUL}` }, "First name can't contain control characters"],
    ["displayName", { displayName: `Sam${NUL}` }, "Display name can't contain control characters"],
    ["bio", { bio: `hi${NUL}` }, "Bio can't contain control characters"],
    ["interests", { interests: ["gym", `hiking${NUL}`] }, "Interests can't contain control characters"],
    [
      "firstName U+202E",
      { firstName: `Sam${RIGHT_TO_LEFT_OVERRIDE}` },
      "First name can't contain invisible or direction-changing characters",
    ],
    [
      "displayName U+202E",
      { displayName: `${RIGHT_TO_LEFT_OVERRIDE}maS` },
      "Display name can't contain invisible or direction-changing characters",
    ],
    [
      "firstName U+200B only",
      { firstName: ZERO_WIDTH_SPACE },
      "First name can't contain invisible or direction-changing characters",
    ],
    [
      "displayName U+200B only",
      { displayName: ZERO_WIDTH_SPACE.repeat(2) },
      "Display name can't contain invisible or direction-changing characters",
    ],
    ["displayName blank braille", { displayName: "\u2800\u2800" }, "Display name needs at least one visible character"],
  ])("refuses %s", (_label, body, message) => {
    expect(refusal(profileUpdateSchema, body)).toBe(message);
  });

  it("keeps its other rules and messages", () => {
    expect(refusal(profileUpdateSchema, { firstName: "   " })).toBe("First name cannot be empty");
    expect(refusal(profileUpdateSchema, { firstName: "a".repeat(51) })).toBe("First name can be at most 50 characters");
    expect(refusal(profileUpdateSchema, { displayName: "a".repeat(51) })).toBe(
      "Display name can be at most 50 characters",
    );
    expect(refusal(profileUpdateSchema, { bio: "a".repeat(501) })).toBe("Bio can be at most 500 characters");
    expect(refusal(profileUpdateSchema, { interests: ["gym", 3] })).toBe("Each interest must be text");
    expect(refusal(profileUpdateSchema, {})).toBe("Nothing to update");
    expect(profileUpdateSchema.parse({ displayName: "  " })).toEqual({ displayName: "" });
    expect(profileUpdateSchema.parse({ displayName: null })).toEqual({ displayName: null });
  });

  it("keeps tabs and line breaks in the bio, and accepts every script", () => {
    expect(profileUpdateSchema.parse({ bio: "Runner.\n\tCoffee first." })).toEqual({ bio: "Runner.\n\tCoffee first." });
    expect(
      profileUpdateSchema.parse({
        firstName: " José ",
        displayName: "محمد",
        bio: "דוד ❤️",
        interests: [" Café ", "登山"],
      }),
    ).toEqual({
      firstName: "José",
      displayName: "محمد",
      bio: "דוד ❤️",
      interests: ["Café", "登山"],
    });
  });

  it("interestsSchema still trims and drops duplicates", () => {
    expect(interestsSchema.parse([" Gym ", "gym", "", "Ñandú"])).toEqual(["Gym", "Ñandú"]);
  });
});

describe("rightNowRequestSchema and reportRequestSchema", () => {
  it("refuse control characters in the note and the details", () => {
    expect(refusal(rightNowRequestSchema, { note: `coffee${NUL}` })).toBe("The note can't contain control characters");
    expect(refusal(reportRequestSchema, { reason: "spam", details: `spam${NUL}` })).toBe(
      "Details can't contain control characters",
    );
  });

  it("keep their other rules", () => {
    expect(refusal(rightNowRequestSchema, { note: "  " })).toBe("Say what you are up for");
    expect(rightNowRequestSchema.parse({ note: " Coffee ☕ " })).toEqual({ note: "Coffee ☕" });
    expect(reportRequestSchema.parse({ reason: "other" })).toEqual({ reason: "other", details: "" });
    expect(reportRequestSchema.parse({ reason: "other", details: "He wrote:\n\t“…”" })).toEqual({
      reason: "other",
      details: "He wrote:\n\t“…”",
    });
  });
});

describe("the auth schemas", () => {
  const valid = { email: "sam@example.com", password: "correct horse battery staple" };

  it("refuse control characters in the email", () => {
    expect(refusal(registerRequestSchema, { ...valid, email: `sam${NUL}@example.com` })).toBe(
      "Email can't contain control characters",
    );
    expect(refusal(loginRequestSchema, { ...valid, email: `sam@example.com${NUL}` })).toBe(
      "Email can't contain control characters",
    );
  });

  it("refuse control characters in a new password, and nothing else", () => {
    expect(refusal(registerRequestSchema, { ...valid, password: `correct horse${NUL}battery` })).toBe(
      "Passwords can't contain control characters",
    );
    expect(refusal(registerRequestSchema, { ...valid, password: NUL })).toBe(
      "Passwords can't contain control characters",
    );
    expect(refusal(changePasswordRequestSchema, { currentPassword: "old", newPassword: `new${NUL}password` })).toBe(
      "Passwords can't contain control characters",
    );
    for (const password of ["  spaces  and\ttabs ", "pässwörd-ñ-😀", "كلمة السر طويلة", "סיסמה ארוכה מאוד"]) {
      expect(registerRequestSchema.parse({ ...valid, password }).password).toBe(password);
    }
    expect(refusal(registerRequestSchema, { ...valid, password: "short" })).toBe(
      "Passwords must be at least 8 characters",
    );
  });

  it("leave sign-in passwords alone: they are only compared, never stored", () => {
    expect(loginRequestSchema.parse({ ...valid, password: `old${NUL}password` }).password).toBe(`old${NUL}password`);
  });

  it("refuse a username with a control or invisible character through its pattern", () => {
    const message = "Usernames are 3 to 30 letters, digits, dots, dashes or underscores";
    expect(refusal(registerRequestSchema, { ...valid, username: `sam${NUL}` })).toBe(message);
    expect(refusal(registerRequestSchema, { ...valid, username: `sam${RIGHT_TO_LEFT_OVERRIDE}x` })).toBe(message);
    expect(refusal(registerRequestSchema, { ...valid, username: `s${ZERO_WIDTH_SPACE}am` })).toBe(message);
  });
});

describe("sendMessageSchema", () => {
  const message = { conversationId: CONVERSATION_ID, content: "Hi", tempId: "t-1" };

  it("refuses control characters in the content and the tempId", () => {
    expect(refusal(sendMessageSchema, { ...message, content: `Hi${NUL}` })).toBe(
      "Messages can't contain control characters",
    );
    expect(refusal(sendMessageSchema, { ...message, tempId: `t${NUL}` })).toBe(
      "tempId can't contain control characters",
    );
  });

  it("keeps tabs, line breaks, bidi text and emoji in the content", () => {
    for (const content of ["line\nbreak\ttab\r\n", "سلام 👋 שלום", `quote ${RIGHT_TO_LEFT_OVERRIDE}mixed`]) {
      expect(sendMessageSchema.parse({ ...message, content }).content).toBe(content);
    }
  });

  it("keeps its other rules", () => {
    expect(refusal(sendMessageSchema, { ...message, content: "   " })).toBe("Write something or attach a picture");
    expect(refusal(sendMessageSchema, { ...message, content: "a".repeat(2001) })).toBe(
      "Messages can be at most 2,000 characters",
    );
    expect(refusal(sendMessageSchema, { ...message, tempId: "" })).toBe("tempId is required");
  });
});

describe("withThousands", () => {
  it("writes whole numbers as en-US does, without Intl", () => {
    const samples = [
      0,
      7,
      64,
      999,
      1_000,
      2_000,
      12_345,
      100_000,
      999_999,
      1_000_000,
      100_000_000,
      -1,
      -1_000,
      -123_456_789,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const n of samples) expect(withThousands(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves a number that is not a safe whole number as String gives it", () => {
    expect(withThousands(1.5)).toBe("1.5");
    expect(withThousands(Number.NaN)).toBe("NaN");
  });
});

import { describe, expect, it } from "vitest";
import { profileUpdateSchema, type SessionUser } from "@vicinity/contract";
import {
  aboutDraftOf,
  aboutUpdate,
  addInterest,
  changedAboutFields,
  enumLabel,
  interestProblem,
  validateAbout,
} from "./about-form";
import { DEFAULT_EXPORT_FILENAME, exportFileName } from "./export-file";
import { makeMainPhoto, movePhoto } from "./photo-order";
import { formatRightNowRemaining, rightNowMinutesLeft } from "./right-now";
import { validatePasswordChange } from "./password-form";
import { lastActiveText } from "../components/devices-section";

const user: SessionUser = {
  id: "u_1",
  email: "m@example.com",
  username: "marco",
  firstName: "Marco",
  displayName: null,
  age: 31,
  bio: "Hi",
  interests: ["beach"],
  bodyType: null,
  role: "versatile",
};

describe("the About you form", () => {
  const saved = aboutDraftOf(user);

  it("starts from the member, with empty strings for what is not set", () => {
    expect(saved).toEqual({
      firstName: "Marco",
      displayName: "",
      age: "31",
      bio: "Hi",
      interests: ["beach"],
      bodyType: "",
      role: "versatile",
    });
  });

  it("sends only what changed, in the server's shapes (null clears, numbers for age)", () => {
    const draft = { ...saved, age: "32", displayName: "  ", role: "", interests: ["beach", "books"] };
    expect(changedAboutFields(draft, saved)).toEqual(["age", "interests", "role"]);
    const update = aboutUpdate({ ...draft, displayName: " M " }, saved);
    expect(update).toEqual({ displayName: "M", age: 32, interests: ["beach", "books"], role: null });
    expect(profileUpdateSchema.safeParse(update).success).toBe(true);
  });

  it("refuses what the server refuses, before sending", () => {
    expect(validateAbout({ ...saved, age: "17" }, saved)).toEqual({ age: "You must be 18 or older" });
    expect(validateAbout({ ...saved, age: "100" }, saved)).toEqual({ age: "Age must be at most 99" });
    expect(validateAbout({ ...saved, age: "2x" }, saved)).toEqual({ age: "Age must be a whole number" });
    expect(validateAbout({ ...saved, age: "" }, saved)).toEqual({ age: "Enter your age" });
    expect(validateAbout({ ...saved, firstName: "   " }, saved)).toEqual({ firstName: "First name cannot be empty" });
    expect(validateAbout(saved, saved)).toEqual({});
  });

  it("does not ask for what was never set and is left alone", () => {
    const empty = aboutDraftOf({ ...user, firstName: null, age: null });
    expect(validateAbout({ ...empty, bio: "New" }, empty)).toEqual({});
    expect(aboutUpdate({ ...empty, bio: "New" }, empty)).toEqual({ bio: "New" });
  });

  it("adds interests trimmed, once (ignoring case), at most 10 of at most 30 characters", () => {
    expect(addInterest(["beach"], "  books ")).toEqual(["beach", "books"]);
    expect(interestProblem(["beach"], "Beach")).toBe("duplicate");
    expect(interestProblem([], "   ")).toBe("empty");
    expect(interestProblem([], "x".repeat(31))).toBe("too-long");
    expect(
      interestProblem(
        Array.from({ length: 10 }, (_, i) => `i${i}`),
        "more",
      ),
    ).toBe("full");
  });

  it("labels the enums for people", () => {
    expect(enumLabel("vers-top")).toBe("Vers top");
    expect(enumLabel("athletic")).toBe("Athletic");
  });
});

describe("photo order", () => {
  it("moves a photo by one place, within the list", () => {
    expect(movePhoto(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(movePhoto(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(movePhoto(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(movePhoto(["a", "b", "c"], "c", 1)).toEqual(["a", "b", "c"]);
    expect(movePhoto(["a", "b"], "z", 1)).toEqual(["a", "b"]);
  });

  it("makes a photo the main one (first), keeping the others' order", () => {
    expect(makeMainPhoto(["a", "b", "c"], "c")).toEqual(["c", "a", "b"]);
    expect(makeMainPhoto(["a", "b"], "z")).toEqual(["a", "b"]);
  });
});

describe("export file name", () => {
  it("reads Content-Disposition, else the default", () => {
    expect(exportFileName('attachment; filename="vicinity-data-marco-2026-06-13.json"')).toBe(
      "vicinity-data-marco-2026-06-13.json",
    );
    expect(exportFileName("attachment; filename=data.json")).toBe("data.json");
    expect(exportFileName("attachment; filename*=UTF-8''donn%C3%A9es.json; filename=\"x.json\"")).toBe("données.json");
    expect(exportFileName('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(exportFileName("attachment")).toBe(DEFAULT_EXPORT_FILENAME);
    expect(exportFileName(null)).toBe("vicinity-data.json");
  });
});

describe("Right Now", () => {
  const now = Date.parse("2026-06-13T21:30:00Z");
  it("counts whole minutes left, rounded up, never below 0", () => {
    expect(rightNowMinutesLeft("2026-06-13T22:13:00Z", now)).toBe(43);
    expect(rightNowMinutesLeft("2026-06-13T22:12:30Z", now)).toBe(43);
    expect(rightNowMinutesLeft("2026-06-13T21:29:00Z", now)).toBe(0);
    expect(rightNowMinutesLeft("not a date", now)).toBe(0);
  });

  it("says it as a sentence", () => {
    expect(formatRightNowRemaining(43)).toBe("Right Now for 43 more minutes");
    expect(formatRightNowRemaining(1)).toBe("Right Now for 1 more minute");
  });
});

describe("password change", () => {
  it("asks for the current password, a new one of 8+ characters, and the same again", () => {
    expect(validatePasswordChange({ currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: "Enter your current password",
      newPassword: "Enter a new password",
    });
    expect(
      validatePasswordChange({ currentPassword: "old-secret", newPassword: "short", confirmPassword: "short" }),
    ).toEqual({
      newPassword: "Passwords must be at least 8 characters",
    });
    expect(
      validatePasswordChange({
        currentPassword: "old-secret",
        newPassword: "new-secret-1",
        confirmPassword: "new-secret-2",
      }),
    ).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(
      validatePasswordChange({
        currentPassword: "same-secret",
        newPassword: "same-secret",
        confirmPassword: "same-secret",
      }),
    ).toEqual({
      newPassword: "Choose a new password that differs from the current one",
    });
    expect(
      validatePasswordChange({
        currentPassword: "old-secret",
        newPassword: "new-secret-1",
        confirmPassword: "new-secret-1",
      }),
    ).toEqual({});
  });
});

describe("signed-in devices", () => {
  it("says when a device was last active", () => {
    const now = Date.parse("2026-06-13T21:30:00Z");
    expect(lastActiveText("2026-06-13T21:29:00Z", now)).toBe("Active now");
    expect(lastActiveText("2026-06-13T21:05:00Z", now)).toBe("Active 25 minutes ago");
    expect(lastActiveText("2026-06-02T14:05:00Z", now)).toMatch(/^Active 2 Jun, \d\d:05$/);
  });
});

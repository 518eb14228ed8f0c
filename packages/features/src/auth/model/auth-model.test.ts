import { describe, expect, it } from "vitest";
import { ApiError } from "@vicinity/features/shared";
import { parseAuthTab } from "./auth-tab";
import { formErrorText, serverTextOr } from "./error-text";
import { validateAuthSignIn, validateAuthSignUp, validateJoinSignUp } from "./validation";

const apiError = (status: number, body: string) => new ApiError(status, body, `${status}: ${body}`);
const texts = { fallback: "Login failed", network: "Login error occurred" };

describe("parseAuthTab", () => {
  it("takes login or signup, and anything else as the fallback", () => {
    expect(parseAuthTab("login")).toBe("login");
    expect(parseAuthTab("signup")).toBe("signup");
    expect(parseAuthTab("register")).toBe("login");
    expect(parseAuthTab("SIGNUP")).toBe("login");
    expect(parseAuthTab(null)).toBe("login");
    expect(parseAuthTab(null, "signup")).toBe("signup");
    expect(parseAuthTab("login", "signup")).toBe("login");
  });
});

describe("formErrorText (/auth)", () => {
  it("shows the server's message field", () => {
    expect(formErrorText(apiError(401, '{"message":"Invalid email or password"}'), texts)).toBe(
      "Invalid email or password",
    );
  });
  it("falls back when the server answered without one", () => {
    expect(formErrorText(apiError(500, ""), texts)).toBe("Login failed");
    expect(formErrorText(apiError(502, "Bad gateway"), texts)).toBe("Login failed");
  });
  it("says 'error occurred' when the server could not be reached", () => {
    expect(formErrorText(new TypeError("Failed to fetch"), texts)).toBe("Login error occurred");
  });
});

describe("serverTextOr (/join)", () => {
  it("prefers the message field, then a plain-text body, then the fallback", () => {
    expect(serverTextOr(apiError(409, '{"message":"That username is taken"}'), "Please try again")).toBe(
      "That username is taken",
    );
    expect(serverTextOr(apiError(503, "Try again in a minute"), "Please try again")).toBe("Try again in a minute");
    expect(serverTextOr(apiError(500, ""), "Please try again")).toBe("Please try again");
    expect(serverTextOr(apiError(502, "<html>Bad gateway</html>"), "Please try again")).toBe("Please try again");
    expect(serverTextOr(apiError(500, '{"error":"x"}'), "Please try again")).toBe("Please try again");
    expect(serverTextOr(new TypeError("Failed to fetch"), "Please try again")).toBe("Please try again");
  });
});

describe("validation", () => {
  it("/auth sign in needs both fields", () => {
    expect(validateAuthSignIn({ email: " ", password: "" })).toEqual({
      message: "Email and password are required",
      fields: ["email", "password"],
    });
    expect(validateAuthSignIn({ email: "a@b.co", password: "" })?.fields).toEqual(["password"]);
    expect(validateAuthSignIn({ email: "a@b.co", password: "x" })).toBeNull();
  });

  it("/auth sign up: required first, then the match", () => {
    expect(validateAuthSignUp({ email: "", password: "a", confirmPassword: "b" })?.message).toBe(
      "Email and password are required",
    );
    expect(validateAuthSignUp({ email: "a@b.co", password: "secret-one", confirmPassword: "secret-two" })).toEqual({
      message: "Passwords do not match",
      fields: ["confirmPassword"],
      at: "confirmPassword",
    });
    expect(validateAuthSignUp({ email: "a@b.co", password: "same-pass", confirmPassword: "same-pass" })).toBeNull();
  });

  it("/join sign up checks only the match (the browser checks the rest)", () => {
    expect(validateJoinSignUp({ username: "", email: "", password: "a", confirmPassword: "b" })?.message).toBe(
      "Passwords don't match",
    );
    expect(validateJoinSignUp({ username: "", email: "", password: "", confirmPassword: "" })).toBeNull();
  });
});

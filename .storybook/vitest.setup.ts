import { afterEach, beforeEach, vi } from "vitest";

/**
 * A story that logs an error fails, like a failed assertion: React warnings, failed requests
 * that nobody handled, unmocked API calls (MSW prints them as errors).
 */
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (logged.length > 0) {
    throw new Error(`console.error was called during the story:\n${logged.join("\n---\n")}`);
  }
});

import { describe, expect, it } from "vitest";
import { MEDIA_MAX_BYTES } from "@vicinity/contract";
import { photoFileProblem } from "./photo-file";

describe("photo files", () => {
  it("takes JPEG, PNG, WebP and AVIF up to the server's limit", () => {
    expect(photoFileProblem({ name: "me.png", size: 1000, type: "image/png" })).toBeNull();
    expect(photoFileProblem({ name: "me.gif", size: 1000, type: "image/gif" })).toMatch(
      /choose a JPEG, PNG, WebP or AVIF file/,
    );
    expect(photoFileProblem({ name: "big.jpg", size: MEDIA_MAX_BYTES + 1, type: "image/jpeg" })).toBe(
      "big.jpg is 15 MB; pictures can be at most 15 MB.",
    );
    expect(photoFileProblem({ name: "huge.jpg", size: 20 * 1024 * 1024, type: "image/jpeg" })).toBe(
      "huge.jpg is 20 MB; pictures can be at most 15 MB.",
    );
    expect(photoFileProblem({ name: "empty.jpg", size: 0, type: "image/jpeg" })).toBe("empty.jpg is empty.");
  });
});

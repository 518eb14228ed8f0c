import { describe, expect, it } from "vitest";
import { columnsAt, wholeRowsFrom, type GridColumns } from "./grid-columns";

const TILES: GridColumns = {
  base: 3,
  from: [
    ["(min-width: 40rem)", 4],
    ["(min-width: 48rem)", 5],
    ["(min-width: 64rem)", 6],
  ],
};

/** The media queries that hold at a width, as a browser with 16 px to the rem answers them. */
const at = (width: number) => (query: string) => width >= Number(/(\d+)rem/.exec(query)![1]) * 16;

describe("columnsAt", () => {
  it("is the base below the first breakpoint and the widest breakpoint's count above it", () => {
    expect(columnsAt(TILES, at(390))).toBe(3);
    expect(columnsAt(TILES, at(640))).toBe(4);
    expect(columnsAt(TILES, at(820))).toBe(5);
    expect(columnsAt(TILES, at(1280))).toBe(6);
  });

  it("is the base for a grid without breakpoints", () => {
    expect(columnsAt({ base: 3, from: [] }, () => true)).toBe(3);
  });
});

describe("wholeRowsFrom", () => {
  it("keeps a count that already fills whole rows", () => {
    expect(wholeRowsFrom(12, 3)).toBe(12);
    expect(wholeRowsFrom(12, 4)).toBe(12);
    expect(wholeRowsFrom(12, 6)).toBe(12);
  });

  it("goes on to the end of the row it would have cut", () => {
    expect(wholeRowsFrom(12, 5)).toBe(15);
    expect(wholeRowsFrom(12, 7)).toBe(14);
  });
});

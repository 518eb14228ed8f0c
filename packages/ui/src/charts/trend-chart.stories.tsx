import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ChartLegend, TrendChart, type TrendRow, type TrendSeries } from "./trend-chart";

const SERIES: TrendSeries[] = [
  { key: "current", name: "This period", tone: "accent" },
  { key: "previous", name: "The previous 14 days", tone: "muted", dashed: true },
];

/** Two weeks of a figure and the two weeks before, busier at weekends. */
const ROWS: TrendRow[] = Array.from({ length: 14 }, (_, i) => ({
  label: `${i + 1} Jun`,
  current: 1200 + i * 18 + (i % 7 >= 4 ? 260 : 0),
  previous: 1100 + i * 12 + (i % 7 >= 4 ? 220 : 0),
}));

function Chart({ rows, series }: { rows: TrendRow[]; series: TrendSeries[] }) {
  return (
    <div className="grid max-w-2xl gap-2">
      <ChartLegend series={series} />
      <TrendChart rows={rows} series={series} label="Daily active members, this period against the previous 14 days" />
    </div>
  );
}

const meta = {
  title: "UI/TrendChart",
  component: Chart,
  tags: ["mobile", "desktop"],
  args: { rows: ROWS, series: SERIES },
  parameters: { layout: "padded" },
} satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The current period in the accent colour, the one before dashed in the muted one; the axes in the design tokens. */
export const CurrentAndPrevious: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = canvas.getByRole("img", { name: "Daily active members, this period against the previous 14 days" });
    // One drawn line per series, in the tokens' colours.
    const lines = chart.querySelectorAll("path.recharts-line-curve");
    await expect(lines).toHaveLength(2);
    await expect(lines[0]).toHaveAttribute("stroke", "var(--accent)");
    await expect(lines[1]).toHaveAttribute("stroke-dasharray", "5 4");
    await expect(within(canvas.getByRole("list", { name: "Legend" })).getAllByRole("listitem")).toHaveLength(2);
  },
};

/** Days without a value (a figure with nothing to divide by) leave the line joined across them. */
export const WithGaps: Story = {
  args: { rows: ROWS.map((r, i) => (i === 5 || i === 6 ? { ...r, current: null } : r)), series: SERIES.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("path.recharts-line-curve")).toHaveLength(1);
  },
};

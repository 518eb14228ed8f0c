import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { analyticsFigures, type Figure } from "@vicinity/contract/analytics";
import { analyticsFixture } from "../../../../../../mocks/fixtures/analytics";
import { ChartCard, TODAY_SO_FAR, type ChartPoint } from "./chart-card";
import { CohortGrid } from "./cohort-grid";
import { FigureCard } from "./figure-card";
import { FunnelChart } from "./funnel-chart";
import { RangePicker } from "./range-picker";

/** The parts of the analytics page on their own, at fixed data. */
function Parts() {
  return null;
}

const meta = {
  title: "Features/Admin/AnalyticsParts",
  component: Parts,
  tags: ["tablet", "desktop"],
  parameters: { layout: "padded" },
} satisfies Meta<typeof Parts>;
export default meta;
type Story = StoryObj<typeof meta>;

const data = analyticsFixture({ from: "2026-05-15", to: "2026-06-13", tz: "UTC" });
const figures = new Map(analyticsFigures(data).map((f) => [f.id, f]));
const PREVIOUS = "the previous 30 days";
const sample = (over: Partial<Figure>): Figure => ({ ...figures.get("signups")!, ...over });

/** Up is good news for sign-ups, bad news for reports; nothing before to compare; no change. */
export const Figures: Story = {
  render: () => (
    <dl className="grid max-w-3xl grid-cols-2 gap-3 md:grid-cols-4">
      <FigureCard figure={sample({ value: 1520, previous: 1300 })} previousLabel={PREVIOUS} />
      <FigureCard figure={{ ...figures.get("reportsPer1000")!, value: 6.4, previous: 5.1 }} previousLabel={PREVIOUS} />
      <FigureCard figure={sample({ value: 84, previous: 0 })} previousLabel={PREVIOUS} />
      <FigureCard figure={{ ...figures.get("ctr")!, value: 0.012, previous: 0.012 }} previousLabel={PREVIOUS} />
    </dl>
  ),
  play: async ({ canvasElement }) => {
    const cards = [...canvasElement.querySelectorAll("dl > *")] as HTMLElement[];
    await expect(cards[0]).toHaveTextContent("Sign-ups1,520Up 17% vs previous 30 daysBefore: 1,300");
    await expect(cards[0]!.querySelector(".text-success")).not.toBeNull();
    await expect(cards[1]).toHaveTextContent("Reports per 1,000 active6.4Up 25% vs previous 30 daysBefore: 5.1");
    await expect(cards[1]!.querySelector(".text-destructive-text")).not.toBeNull();
    await expect(cards[2]).toHaveTextContent("No previous 30 days to compare");
    await expect(cards[3]).toHaveTextContent("1.2% Same as the previous 30 days");
  },
};

const points: ChartPoint[] = data.days.map((d, i) => ({
  date: d.date,
  value: d.messages,
  previousDate: data.previousDays[i]!.date,
  previous: data.previousDays[i]!.messages,
}));

/** The messages chart of the stories, its table shown. */
function MessagesChart({ points: shown = points, todaySoFar }: { points?: ChartPoint[]; todaySoFar?: boolean }) {
  return (
    <div className="max-w-2xl">
      <ChartCard
        title="Messages sent"
        fileName="messages"
        points={shown}
        format={(n) => n.toLocaleString("en-US")}
        previousLabel={PREVIOUS}
        todaySoFar={todaySoFar}
        defaultTable
      />
    </div>
  );
}

/** One chart with the period before dashed beside it, and its table shown. */
export const Chart: Story = {
  render: () => <MessagesChart />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("img", { name: "Messages sent, day by day, this period against the previous 30 days" }),
    ).toBeVisible();
    await expect(
      within(canvas.getByRole("list", { name: "Legend" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["This period", "The previous 30 days"]);
    const rows = within(canvas.getByRole("table")).getAllByRole("row");
    await expect(rows[1]).toHaveTextContent(`15 May${points[0]!.value!.toLocaleString("en-US")}`);
  },
};

/** Its last day is today, half over: that day is a dashed segment named "Today so far", here and in the table. */
export const ChartTodaySoFar: Story = {
  render: () => (
    <MessagesChart
      points={points.map((p, i) => (i === points.length - 1 ? { ...p, value: Math.round(p.value! / 2) } : p))}
      todaySoFar
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("img", {
        name: "Messages sent, day by day, this period against the previous 30 days; the last day is today so far",
      }),
    ).toBeVisible();
    await expect(canvas.getByRole("list", { name: "Legend" })).toHaveTextContent(TODAY_SO_FAR);
    const rows = within(canvas.getByRole("table")).getAllByRole("row");
    await expect(rows.at(-1)).toHaveTextContent(
      `13 Jun (today so far)${Math.round(points.at(-1)!.value! / 2).toLocaleString("en-US")}`,
    );
  },
};

/** Twelve sign-up weeks and the share of each still active week by week; weeks not begun are blank. */
export const Cohorts: Story = {
  render: () => <CohortGrid cohorts={data.cohorts} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(canvas.getByRole("table", { name: "Retention by sign-up week" })).getAllByRole("row");
    await expect(rows).toHaveLength(data.cohorts.length + 1);
    await expect(within(rows[rows.length - 1]!).getAllByLabelText("Not yet").length).toBeGreaterThan(0);
    await expect(canvas.getByRole("link", { name: "CSV of the retention grid" })).toHaveAttribute(
      "download",
      "retention.csv",
    );
  },
};

export const CohortsEmpty: Story = {
  render: () => <CohortGrid cohorts={[]} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Nobody signed up in these weeks.")).toBeVisible();
    await expect(within(canvasElement).queryByRole("link")).toBeNull();
  },
};

/** Sign-up to a first reply: how many came to each step, the drop at it, and the share before. */
export const Funnel: Story = {
  render: () => (
    <div className="max-w-xl">
      <FunnelChart
        funnel={{ signups: 1000, onboarded: 810, firstMessage: 570, firstReply: 380 }}
        previous={{ signups: 900, onboarded: 700, firstMessage: 480, firstReply: 300 }}
        previousLabel={PREVIOUS}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const steps = within(
      within(canvasElement).getByRole("list", { name: "From sign-up to a first reply" }),
    ).getAllByRole("listitem");
    await expect(steps.map((s) => s.textContent)).toEqual([
      "Signed up1,000 (100% of sign-ups)100% in the previous 30 days",
      "Finished onboarding810 (81% of sign-ups)19% dropped at this step · 78% in the previous 30 days",
      "Sent a first message570 (57% of sign-ups)30% dropped at this step · 53% in the previous 30 days",
      "Got a first reply380 (38% of sign-ups)33% dropped at this step · 33% in the previous 30 days",
    ]);
  },
};

export const FunnelEmpty: Story = {
  render: () => (
    <FunnelChart
      funnel={{ signups: 0, onboarded: 0, firstMessage: 0, firstReply: 0 }}
      previous={{ signups: 0, onboarded: 0, firstMessage: 0, firstReply: 0 }}
      previousLabel={PREVIOUS}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Nobody signed up in this range.")).toBeVisible();
  },
};

const onChoose = fn();

/** The custom range open: a last day after today is refused with a readable message. */
export const RangeCustom: Story = {
  render: () => (
    <RangePicker
      choice={{ preset: 30 }}
      range={{ from: "2026-05-15", to: "2026-06-13" }}
      timeZone="UTC"
      onChoose={onChoose}
      now={Date.parse("2026-06-13T21:30:00Z")}
      defaultCustom
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    onChoose.mockClear();
    await userEvent.clear(canvas.getByLabelText("To"));
    await userEvent.type(canvas.getByLabelText("To"), "2026-07-01");
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("The last day cannot be after today.");
    await expect(onChoose).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Last 90 days" }));
    await expect(onChoose).toHaveBeenCalledWith({ preset: 90 });
  },
};

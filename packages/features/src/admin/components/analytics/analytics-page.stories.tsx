import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { analyticsFigures, presetRange } from "@vicinity/contract/analytics";
import { analyticsFixture } from "../../../../../../mocks/fixtures/analytics";
import { analyticsHandlers, sessionHandlers } from "../../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../../mocks/story-layouts";
import { AnalyticsPage, NO_ACTIVITY } from "./analytics-page";
import { TODAY_SO_FAR } from "./chart-card";
import { formatValue } from "./figure-card";

const TZ = "Europe/Berlin";

const meta = {
  title: "Features/Admin/AnalyticsPage",
  component: AnalyticsPage,
  tags: ["tablet", "desktop"],
  decorators: [inAdminLayout],
  args: { timeZone: TZ },
  parameters: {
    layout: "fullscreen",
    route: "/admin/analytics",
    msw: { handlers: { session: sessionHandlers.admin, analytics: analyticsHandlers.report } },
  },
} satisfies Meta<typeof AnalyticsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the page should show for the last `days` days, from the same fixture the handler answers with. */
const expectedFigures = (days: number) => {
  const range = presetRange(days, TZ);
  return new Map(
    analyticsFigures(analyticsFixture({ ...range, tz: TZ })).map((f) => [f.id, formatValue(f.value, f.format)]),
  );
};
const figure = (canvasElement: HTMLElement, id: string) => canvasElement.querySelector(`[data-figure="${id}"]`);

/** The last 30 days against the 30 before: every section's figures, charts, the funnel and the retention grid. */
export const Last30Days: Story = {
  tags: ["mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Community" });
    const expected = expectedFigures(30);
    for (const id of ["signups", "messages", "replyRate", "reportsPer1000", "ctr"]) {
      await expect(figure(canvasElement, id)).toHaveTextContent(expected.get(id as never)!);
    }
    await expect(canvas.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(
      canvas.getAllByRole("img", { name: /day by day, this period against the previous 30 days/ }),
    ).toHaveLength(6);
    await expect(canvas.getByRole("list", { name: "From sign-up to a first reply" })).toBeVisible();
    await expect(canvas.getByRole("table", { name: "Retention by sign-up week" })).toBeVisible();
  },
};

/** Noon in Berlin, with half of today's activity counted: the charts' last day is today so far, not a fall. */
const NOON = Date.parse("2026-06-13T10:00:00Z");
const SO_FAR = /; the last day is today so far$/;

/** Today's point drawn apart: the line stops yesterday, a dashed segment named "Today so far" goes on to today. */
export const TodaySoFar: Story = {
  tags: ["mobile"],
  args: { now: NOON },
  parameters: { msw: { handlers: { analytics: analyticsHandlers.todaySoFar } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = within((await canvas.findByRole("heading", { name: "Messages sent" })).closest("section")!);
    await expect(canvas.getAllByRole("img", { name: SO_FAR })).toHaveLength(6);
    await expect(
      within(chart.getByRole("list", { name: "Legend" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["This period", TODAY_SO_FAR, "The previous 30 days"]);
    // The accent line has a dashed piece: today's segment.
    const img = chart.getByRole("img", { name: SO_FAR });
    await waitFor(() =>
      expect(img.querySelector('path[stroke="var(--accent)"][stroke-dasharray="5 4"]')).not.toBeNull(),
    );
    await userEvent.click(chart.getByRole("button", { name: "Show the table" }));
    const rows = within(chart.getByRole("table", { name: "Messages sent, day by day" })).getAllByRole("row");
    const today = analyticsFixture({ from: "2026-05-15", to: "2026-06-13", tz: TZ }, 0.5).days.at(-1)!;
    await expect(rows.at(-1)).toHaveTextContent(`13 Jun (today so far)${today.messages.toLocaleString("en-US")}`);
    await expect(rows.at(-2)).not.toHaveTextContent(/so far/);
  },
};

/** Another preset: the figures follow, the address keeps the choice, the comparison is the 7 days before. */
export const Last7Days: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Community" });
    await userEvent.click(canvas.getByRole("button", { name: "Last 7 days" }));
    await waitFor(() => expect(figure(canvasElement, "signups")).toHaveTextContent(expectedFigures(7).get("signups")!));
    await expect(canvas.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getAllByText(/vs previous 7 days/).length).toBeGreaterThan(0);
  },
};

/** Two days of his own, typed with the keyboard: the page shows that range. */
export const CustomRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Community" });
    await userEvent.click(canvas.getByRole("button", { name: "Custom" }));
    const from = canvas.getByLabelText("From");
    const to = canvas.getByLabelText("To");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-05-01");
    await userEvent.clear(to);
    await userEvent.type(to, "2026-05-14");
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(canvas.getByText(/1 May – 14 May 2026 against the previous 14 days/)).toBeVisible());
    // Every day of a past range is whole: no segment is marked as today's.
    await waitFor(() => expect(canvas.queryByText(TODAY_SO_FAR)).toBeNull());
    const expected = analyticsFigures(analyticsFixture({ from: "2026-05-01", to: "2026-05-14", tz: TZ })).find(
      (f) => f.id === "messages",
    )!;
    await waitFor(() =>
      expect(figure(canvasElement, "messages")).toHaveTextContent(formatValue(expected.value, expected.format)),
    );
  },
};

/** A last day before the first: a readable error, and the range does not change. */
export const CustomRangeInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Community" });
    const before = figure(canvasElement, "signups")?.textContent;
    await userEvent.click(canvas.getByRole("button", { name: "Custom" }));
    await userEvent.clear(canvas.getByLabelText("From"));
    await userEvent.type(canvas.getByLabelText("From"), "2026-05-20");
    await userEvent.clear(canvas.getByLabelText("To"));
    await userEvent.type(canvas.getByLabelText("To"), "2026-05-10");
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The first day must be on or before the last.");
    await expect(canvas.getByLabelText("From")).toHaveAttribute("aria-invalid", "true");
    await expect(figure(canvasElement, "signups")).toHaveTextContent(before!);
  },
};

/** A range before anything happened: one empty state, no empty charts. */
export const NoData: Story = {
  parameters: { route: "/admin/analytics?from=2024-01-01&to=2024-01-31" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(NO_ACTIVITY)).toBeVisible();
    await expect(canvas.queryByRole("img")).toBeNull();
    await expect(canvas.getByRole("button", { name: "Custom" })).toHaveAttribute("aria-pressed", "true");
  },
};

/** A chart's table alternative, and its CSV named after the chart and the range. */
export const TableAndCsv: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = within((await canvas.findByRole("heading", { name: "Messages sent" })).closest("section")!);
    await userEvent.click(chart.getByRole("button", { name: "Show the table" }));
    const table = chart.getByRole("table", { name: "Messages sent, day by day" });
    await expect(within(table).getAllByRole("row")).toHaveLength(31);
    await expect(chart.getByRole("button", { name: "Hide the table" })).toHaveAttribute("aria-expanded", "true");
    const range = presetRange(30, TZ);
    const csv = chart.getByRole("link", { name: "CSV of messages sent" });
    await expect(csv).toHaveAttribute("download", `messages-${range.from}-to-${range.to}.csv`);
    const text = decodeURIComponent(csv.getAttribute("href")!.replace(/^data:text\/csv;charset=utf-8,/, ""));
    await expect(text.split("\r\n")[0]).toBe("Day,Messages sent,Day before,Messages sent (before)");
    await expect(text.trimEnd().split("\r\n")).toHaveLength(31);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the analytics" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The analytics are unavailable right now. Try again in a moment.",
    );
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

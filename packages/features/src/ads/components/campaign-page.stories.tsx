import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { campaignDaysFixture, campaignsFixture } from "../../../../../mocks/fixtures/ads";
import { adsAdminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { AdPreview } from "./ad-preview";
import { CampaignPage } from "./campaign-page";
import { DailyChart } from "./daily-chart";

const active = campaignsFixture[0]!;

const meta = {
  title: "Features/Ads/CampaignPage",
  component: CampaignPage,
  subcomponents: { DailyChart, AdPreview },
  tags: ["mobile", "tablet", "desktop"],
  args: { id: active.id },
  parameters: {
    layout: "padded",
    route: `/admin/ads/${active.id}`,
    msw: { handlers: { session: sessionHandlers.admin, adsAdmin: adsAdminHandlers.list() } },
  },
} satisfies Meta<typeof CampaignPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A running campaign: its figures, a chart per day, its settings and its ad. */
export const Running: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: active.input.headline as string, level: 1 })).toBeVisible();
    await expect(canvas.getByText("Members reached")).toBeVisible();
    await expect(canvas.getByText("3,104")).toBeVisible();
    const charts = canvas.getAllByTestId("daily-chart");
    await expect(charts).toHaveLength(2);
    // One bar per day, each as tall as its figure.
    const bars = [...charts[0]!.querySelectorAll("rect")];
    await expect(bars.map((b) => Number(b.dataset.value))).toEqual(campaignDaysFixture.map((d) => d.impressions));
    await expect(canvas.getByText(/at most 2 a day per member/)).toBeVisible();
    await expect(canvas.getAllByTestId("ad-card").length).toBeGreaterThanOrEqual(1);
  },
};

/** Scheduled, nothing shown yet: when it starts (why it is not running), no chart, words instead. */
export const NoFiguresYet: Story = {
  args: { id: campaignsFixture[1]!.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText(/No figures yet/))[0]).toBeVisible();
    await expect(canvas.getByTestId("scheduled-note")).toHaveTextContent(
      "Starts 14 Jun 2026, 20:00 (America/New_York): members see it from then.",
    );
    await expect(canvas.queryByTestId("daily-chart")).toBeNull();
  },
};

/** An ended campaign: no Edit, only Duplicate. */
export const Ended: Story = {
  args: { id: campaignsFixture[4]!.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: campaignsFixture[4]!.input.headline as string, level: 1 });
    await expect(canvas.queryByRole("link", { name: "Edit" })).toBeNull();
    await expect(canvas.getByRole("button", { name: /^Duplicate/ })).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { id: "a0000000-0000-4000-8000-00000000dead" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Campaign not found" })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { adsAdmin: adsAdminHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText("Loading the campaign")).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: { adsAdmin: adsAdminHandlers.error } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Database unavailable")).toBeVisible();
  },
};

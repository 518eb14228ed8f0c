import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { AD_STATUS_LABELS, AD_STATUSES } from "@vicinity/contract";
import { campaignsFixture } from "../../../../../mocks/fixtures/ads";
import { adsAdminApi, adsAdminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { CampaignActions } from "./campaign-actions";
import { CampaignsPage, NO_CAMPAIGNS } from "./campaigns-page";
import { CampaignStatusBadge } from "./campaign-status";

const meta = {
  title: "Features/Ads/CampaignsPage",
  component: CampaignsPage,
  subcomponents: { CampaignActions, CampaignStatusBadge },
  tags: ["mobile", "tablet", "desktop"],
  parameters: {
    layout: "padded",
    route: "/admin/ads",
    msw: { handlers: { session: sessionHandlers.admin, adsAdmin: adsAdminHandlers.list() } },
  },
} satisfies Meta<typeof CampaignsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const visible = (el: HTMLElement) => el.getClientRects().length > 0;
const rows = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll<HTMLElement>("[data-testid=campaign-row], [data-testid=campaign-card]")].filter(
    visible,
  );

/** One campaign of each status, with its schedule and figures; a table on wide screens, cards on phones. */
export const EachStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByText(campaignsFixture[0]!.input.headline as string);
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(AD_STATUSES.length));
    for (const status of AD_STATUSES)
      await expect(canvas.getAllByText(AD_STATUS_LABELS[status], { selector: "[data-status]" }).some(visible)).toBe(
        true,
      );
    // The active campaign's total figures: 8,210 impressions, 3,104 reached, 2.08% CTR.
    await expect(canvas.getAllByText("8,210").some(visible)).toBe(true);
    await expect(canvas.getAllByText("2.08%").some(visible)).toBe(true);
  },
};

/** The status filter: only the paused ones. */
export const FilteredPaused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /^Paused/ }));
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1));
    await expect(
      canvas.getAllByRole("button", { name: `Resume ${campaignsFixture[2]!.input.headline as string}` }).some(visible),
    ).toBe(true);
  },
};

/** Pausing an active campaign: the list shows it paused at once, Resume offered. */
export const Pause: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = campaignsFixture[0]!.input.headline as string;
    const pause = (await canvas.findAllByRole("button", { name: `Pause ${name}` })).find(visible)!;
    await userEvent.click(pause);
    await waitFor(() => expect(canvas.getAllByRole("button", { name: `Resume ${name}` }).some(visible)).toBe(true));
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByText("Pause: done")).toBeVisible());
  },
};

/** Ending asks first: an ended campaign cannot run again. */
export const EndConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = campaignsFixture[0]!.input.headline as string;
    await userEvent.click((await canvas.findAllByRole("button", { name: `End ${name}` })).find(visible)!);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "End this campaign?" });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "End campaign" })).toBeVisible());
  },
};

/** The server refuses a change: the admin is told why, and nothing changes. */
export const ActionFails: Story = {
  parameters: {
    msw: {
      handlers: {
        adsAdmin: adsAdminApi(undefined, { statusError: "The campaign's end has passed: change its schedule first" }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = campaignsFixture[3]!.input.headline as string;
    await userEvent.click((await canvas.findAllByRole("button", { name: `Start ${name}` })).find(visible)!);
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() =>
      expect(body.getByText("The campaign's end has passed: change its schedule first")).toBeVisible(),
    );
    await expect(canvas.getAllByRole("button", { name: `Start ${name}` }).some(visible)).toBe(true);
  },
};

/** No campaign yet: say so, and offer to make one. */
export const Empty: Story = {
  parameters: { msw: { handlers: { adsAdmin: adsAdminHandlers.empty() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: NO_CAMPAIGNS })).toBeVisible();
    await expect(canvas.getAllByRole("link", { name: "New campaign" }).at(-1)).toHaveAttribute(
      "href",
      "/admin/ads/new",
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { adsAdmin: adsAdminHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText("Loading campaigns")).toBeVisible();
  },
};

/** The list failed: the server's words, and a way to try again. */
export const Error: Story = {
  parameters: { msw: { handlers: { adsAdmin: adsAdminHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Database unavailable")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** Duplicating makes a draft copy (and takes the admin to edit it); the list has one more. */
export const Duplicate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = campaignsFixture[4]!.input.headline as string;
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(AD_STATUSES.length));
    await userEvent.click((await canvas.findAllByRole("button", { name: `Duplicate ${name}` })).find(visible)!);
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.getByText("Campaign duplicated")).toBeVisible());
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(AD_STATUSES.length + 1));
  },
};

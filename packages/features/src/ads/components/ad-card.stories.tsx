import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AD_HEADLINE_MAX, AD_BODY_MAX } from "@vicinity/contract";
import { servedAdFixture } from "../../../../../mocks/fixtures/ads";
import { AdCard, HIDE_LABEL, SPONSORED, WHY_LABEL } from "./ad-card";
import { WhyAdDialog } from "./why-ad-dialog";

const meta = {
  title: "Features/Ads/AdCard",
  component: AdCard,
  subcomponents: { WhyAdDialog },
  tags: ["mobile", "tablet", "desktop"],
  args: { ad: servedAdFixture, onWhy: fn(), onHide: fn() },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof AdCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A full row of the discovery grid: labelled Sponsored, its call to action through the signed redirect. */
export const InGrid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole("complementary", { name: `${SPONSORED}: ${servedAdFixture.advertiser}` });
    await expect(within(card).getByText(SPONSORED)).toBeVisible();
    const cta = canvas.getByRole("link", { name: servedAdFixture.callToAction });
    await expect(cta).toHaveAttribute("href", servedAdFixture.clickUrl);
    // No referrer and no opener reach the advertiser.
    await expect(cta).toHaveAttribute("rel", "noopener noreferrer sponsored");
    await userEvent.click(canvas.getByRole("button", { name: WHY_LABEL }));
    await expect(args.onWhy).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole("button", { name: HIDE_LABEL }));
    await expect(args.onHide).toHaveBeenCalledOnce();
  },
};

/** A row of the map's side list: compact, the same label. */
export const InMapList: Story = {
  args: { layout: "list" },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(SPONSORED)).toBeVisible();
    await expect(canvas.getByRole("link", { name: servedAdFixture.callToAction })).toBeVisible();
  },
};

/** The longest headline and text the creator allows still fit. */
export const LongestText: Story = {
  args: {
    ad: {
      ...servedAdFixture,
      headline: "W".repeat(AD_HEADLINE_MAX),
      body: "Wide words ".repeat(20).slice(0, AD_BODY_MAX),
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId("ad-card");
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
  },
};

/** The creator's live preview: drawn the same, but its link goes nowhere. */
export const Preview: Story = {
  args: { preview: true, onWhy: undefined, onHide: undefined, ad: { ...servedAdFixture, clickUrl: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("ad-cta")).toHaveAttribute("aria-disabled", "true");
    await expect(canvas.getByTestId("ad-cta")).not.toHaveAttribute("href");
    await expect(canvas.getByRole("button", { name: WHY_LABEL })).toBeDisabled();
  },
};

function WhyDemo() {
  const [open, setOpen] = useState(true);
  return (
    <WhyAdDialog
      advertiser={servedAdFixture.advertiser}
      why={servedAdFixture.why}
      open={open}
      onOpenChange={setOpen}
      onHide={() => setOpen(false)}
    />
  );
}

/** "Why am I seeing this?": the targeting in words, and hiding the ad. */
export const WhySheet: Story = {
  render: () => <WhyDemo />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: WHY_LABEL });
    // The dialog fades in: wait until it is drawn.
    for (const reason of servedAdFixture.why)
      await waitFor(() => expect(within(dialog).getByText(reason)).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: HIDE_LABEL })).toBeVisible();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { AD_PATHS, AD_VIEWABLE_MS } from "@vicinity/contract";
import { servedAdFixture } from "../../../../../mocks/fixtures/ads";
import { adsHandlers } from "../../../../../mocks/handlers";
import { HIDE_LABEL, WHY_LABEL } from "./ad-card";
import { AD_HIDDEN_TEXT, AdSlot } from "./ad-slot";
import { LazyAdSlot } from "./lazy-ad-slot";

const meta = {
  title: "Features/Ads/AdSlot",
  component: AdSlot,
  subcomponents: { LazyAdSlot },
  tags: ["mobile", "desktop"],
  args: { placement: "grid", index: 0 },
  parameters: { msw: { handlers: { ads: adsHandlers.served() } } },
  render: (args) => (
    <div className="max-w-2xl">
      <LazyAdSlot {...args} />
    </div>
  ),
} satisfies Meta<typeof AdSlot>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server's ad; once half of it has been on screen for a second, its impression is reported (once). */
export const Served: Story = {
  parameters: {
    msw: {
      handlers: {
        ads: (() => {
          const tokens: string[] = [];
          // MSW answers with the first handler that matches: this one before the served set's.
          return [
            http.post(AD_PATHS.impressions, async ({ request }) => {
              tokens.push(((await request.json()) as { viewToken: string }).viewToken);
              (window as unknown as { adImpressions: string[] }).adImpressions = tokens;
              return HttpResponse.json({ counted: true });
            }),
            ...adsHandlers.served(),
          ];
        })(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("link", { name: servedAdFixture.callToAction })).toBeVisible();
    await waitFor(
      () =>
        expect((window as unknown as { adImpressions?: string[] }).adImpressions).toEqual([servedAdFixture.viewToken]),
      { timeout: AD_VIEWABLE_MS * 4 },
    );
  },
};

/** No campaign targets him: the slot takes no room. */
export const NoAd: Story = {
  parameters: { msw: { handlers: { ads: adsHandlers.none } } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvasElement.querySelector("[data-testid=ad-card]")).toBeNull();
  },
};

/** "Why am I seeing this?" opens the reasons; hiding from there leaves a short notice. */
export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: WHY_LABEL }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: WHY_LABEL });
    await userEvent.click(within(dialog).getByRole("button", { name: HIDE_LABEL }));
    await expect(await canvas.findByText(AD_HIDDEN_TEXT)).toBeVisible();
    await expect(canvas.queryByTestId("ad-card")).toBeNull();
  },
};

/** In the map's side list. */
export const InMapList: Story = {
  args: { placement: "map" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(servedAdFixture.headline)).toBeVisible();
  },
};

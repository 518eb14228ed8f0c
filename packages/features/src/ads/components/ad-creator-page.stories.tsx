import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { AD_HEADLINE_MAX } from "@vicinity/contract";
import { campaignsFixture } from "../../../../../mocks/fixtures/ads";
import { adsAdminApi, adsAdminHandlers, mapHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { AdCreatorPage } from "./ad-creator-page";

const NOW_ZONE = "America/New_York";

const meta = {
  title: "Features/Ads/AdCreatorPage",
  component: AdCreatorPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { timeZone: NOW_ZONE, initialValues: { startsLocal: "2026-07-01T09:00", endsLocal: "2026-07-31T09:00" } },
  parameters: {
    layout: "padded",
    route: "/admin/ads/new",
    msw: { handlers: { session: sessionHandlers.admin, adsAdmin: adsAdminHandlers.list(), map: mapHandlers.base } },
    // The base map's tiles land a few pixels apart from one run to the next once the area is framed:
    // the visual test masks them (the circle, the pin and the controls are still compared).
    visual: { mask: [".leaflet-tile"] },
  },
} satisfies Meta<typeof AdCreatorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new campaign: sensible defaults (an area of 10 km, 3 a day per member), and the preview at phone and desktop size. */
export const New: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "New campaign" })).toBeVisible();
    await expect(canvas.getByLabelText(/^Frequency cap/)).toHaveValue(3);
    await expect(canvas.getByLabelText(/^Radius/)).toHaveValue("10");
    await expect(within(canvas.getByTestId("ad-preview")).getAllByTestId("ad-card")).toHaveLength(3);
  },
};

/** What the admin types shows in the preview at once. */
export const LivePreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Advertiser/), "Bar Nine");
    await userEvent.type(canvas.getByLabelText(/^Headline/), "Happy hour, 5 to 8");
    const preview = within(canvas.getByTestId("ad-preview"));
    await expect(preview.getAllByText("Happy hour, 5 to 8")).toHaveLength(3);
    await expect(preview.getAllByText("Bar Nine")).toHaveLength(3);
    await expect(canvas.getByText(`${AD_HEADLINE_MAX - "Happy hour, 5 to 8".length} left`)).toBeVisible();
  },
};

/** Every field wrong at once: each says what is wrong, in the server's words. */
export const EachValidationError: Story = {
  args: {
    initialValues: {
      advertiser: "",
      headline: "An offer far too long for a headline, really",
      body: "",
      callToAction: "",
      destinationUrl: "http://insecure.example",
      ageMin: "12",
      ageMax: "120",
      startsLocal: "",
      endsLocal: "",
      weight: "0",
      frequencyCap: "50",
      dailyCap: "0",
      totalCap: "0",
    },
    showErrorsAtOnce: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const message of [
      "Advertiser is required",
      `Headline can be at most ${AD_HEADLINE_MAX} characters`,
      "Text is required",
      "Call to action is required",
      "Destination must be an https:// link",
      "Ages start at 18",
      "Ages end at 99",
      "Choose when it starts",
      "Choose when it ends",
      "Weight must be at least 1",
      "Frequency cap can be at most 20",
      "Daily cap must be at least 1",
      "Total cap must be at least 1",
    ])
      await expect(canvas.getByText(message)).toBeVisible();
  },
};

/** The ranges between fields, checked once each field is right. */
export const RangeErrors: Story = {
  args: {
    initialValues: {
      advertiser: "Bar Nine",
      headline: "Happy hour",
      body: "Five to eight, every day.",
      destinationUrl: "https://barnine.example",
      ageMin: "40",
      ageMax: "25",
      startsLocal: "2026-07-01T09:00",
      endsLocal: "2026-07-31T09:00",
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Save as draft" }));
    await expect(await canvas.findByText("The youngest age must not be above the oldest")).toBeVisible();
  },
};

/** The server refuses (a picture that is not an ad picture, say): its words, nothing saved. */
export const ServerError: Story = {
  args: {
    initialValues: {
      advertiser: "Bar Nine",
      headline: "Happy hour",
      body: "Five to eight, every day.",
      destinationUrl: "https://barnine.example",
    },
  },
  parameters: {
    msw: {
      handlers: { adsAdmin: adsAdminApi(undefined, { saveError: "Upload the picture as an ad picture (kind=ad)" }) },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Save and start" }));
    await expect(await canvas.findByTestId("server-error")).toHaveTextContent(
      "Upload the picture as an ad picture (kind=ad)",
    );
  },
};

/** Editing a saved campaign: its settings, in its own time zone. */
export const Edit: Story = {
  args: { id: campaignsFixture[0]!.id, initialValues: undefined },
  parameters: { route: `/admin/ads/${campaignsFixture[0]!.id}/edit` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Edit the campaign" })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Advertiser/)).toHaveValue(campaignsFixture[0]!.input.advertiser as string),
    );
    await expect(canvas.getByLabelText(/^Time zone/)).toHaveValue("America/New_York");
    await expect(canvas.getByRole("list", { name: "Chosen interests" })).toHaveTextContent("sauna");
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeVisible();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { memberProfileFixture } from "../../../../../mocks/fixtures/nearby";
import { mediaHandlers, memberHandlers, signalsHandlers } from "../../../../../mocks/handlers";
import { MemberProfilePage } from "./member-profile-page";
import { MemberProfileView } from "./member-profile-view";
import { AlbumSlotsContext, ReportMemberDialog } from "@vicinity/features/shared";

const meta = {
  title: "Features/Discovery/MemberProfilePage",
  component: MemberProfilePage,
  tags: ["mobile", "tablet", "desktop"],
  args: { memberId: memberProfileFixture.id },
  parameters: {
    msw: {
      handlers: {
        media: mediaHandlers.portraits,
        member: memberHandlers.profile,
        actions: [...memberHandlers.blockSuccess, ...memberHandlers.reportSuccess],
        signals: signalsHandlers.actions,
      },
    },
  },
} satisfies Meta<typeof MemberProfilePage>;

/** A toast with this text has come in (it fades in: wait for it to be visible). */
async function toastSays(text: string) {
  const toast = await within(document.body).findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
}

export default meta;
type Story = StoryObj<typeof meta>;

const photoShown = (canvasElement: HTMLElement) =>
  waitFor(async () => {
    const img = within(canvasElement).getByTestId("member-photo") as HTMLImageElement;
    await expect(img.complete && img.naturalWidth > 0).toBe(true);
  });

/** His photos, Right Now, the explained match, bio, position, body type and interests (shared ones marked). */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "Jake" })).toBeVisible();
    await expect(canvas.getByText("28 years old")).toBeVisible();
    await expect(canvas.getByText("0.4 km")).toBeVisible();
    await expect(canvas.getByTestId("right-now")).toHaveTextContent("Right Now: Coffee at the pier? (43 min left)");
    await expect(canvas.getByTestId("compatibility")).toHaveTextContent("100% match · 3 shared interests");
    await expect(canvas.getByText("Vers Top")).toBeVisible();
    await expect(canvas.getByText("Athletic")).toBeVisible();
    await expect(canvas.getAllByText("(shared)")).toHaveLength(3);
    await photoShown(canvasElement);
  },
};

/** A tap: the kind reads "sent today" (once a day each) and a toast says he will see it. */
export const TapHim: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const taps = await canvas.findByRole("group", { name: "Tap Jake" });
    await userEvent.click(within(taps).getByRole("button", { name: "Tap Jake: Hot" }));
    await toastSays("You tapped Jake: Hot");
    await expect(within(taps).getByRole("button", { name: "Hot: sent today" })).toBeDisabled();
    await expect(within(taps).getByRole("button", { name: "Tap Jake: Hi" })).toBeEnabled();
  },
};

/** His tap back makes a match: the toast, and the Match badge on his profile. */
export const TapMakesAMatch: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: { msw: { handlers: { signals: signalsHandlers.tapMatch } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Tap Jake: Looking" }));
    await toastSays("It's a match!");
    await expect(canvas.getByTestId("match")).toHaveTextContent("Match");
  },
};

/** Matched, starred, a Hi sent today. */
export const Matched: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.matched } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("match")).toHaveTextContent("Match");
    await expect(canvas.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("button", { name: "Hi: sent today" })).toBeDisabled();
    await photoShown(canvasElement);
  },
};

/** The star: he is in my favorites (only I know). */
export const AddToFavorites: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Add to favorites" }));
    await toastSays("Jake is in your favorites");
    await expect(canvas.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
  },
};

/** The photo strip switches the large photo. */
export const BrowsePhotos: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Show photo 2" }));
    await expect(canvas.getByRole("img", { name: "Jake's photo 2 of 3" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Show photo 2" })).toHaveAttribute("aria-pressed", "true");
    await photoShown(canvasElement);
  },
};

/** No photos, no bio, private mode, offline. */
export const Sparse: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.sparseProfile } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Distance hidden")).toBeVisible();
    await expect(canvas.getByText("Jake hasn't written a bio yet.")).toBeVisible();
    await expect(canvas.getByTestId("compatibility")).toHaveTextContent("20% match");
    await expect(canvas.queryByText("Online")).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading profile...");
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.notFound } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Member not found" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Back to discovery" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent("Database unavailable");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** Blocked by me: the notice, Unblock, and no Message button. */
export const Blocked: Story = {
  parameters: { msw: { handlers: { member: memberHandlers.blockedByMe } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/You blocked Jake/)).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Unblock" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Message" })).toBeNull();
    await photoShown(canvasElement);
  },
};

/** Block: a real call; then a toast says so. */
export const BlockMember: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Block" }));
    const toast = await within(document.body).findByText("Blocked Jake");
    await waitFor(() => expect(toast).toBeVisible());
  },
};

export const BlockFailed: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: { msw: { handlers: { actions: memberHandlers.blockFailure } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Block" }));
    const toast = await within(document.body).findByText("Couldn't block");
    await waitFor(() => expect(toast).toBeVisible());
    await expect(within(document.body).getByText("Service unavailable")).toBeVisible();
  },
};

/** Report: a reason is required; the report goes to the team, and he is blocked too by default. */
export const ReportMember: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByRole("button", { name: "Report" }));
    const dialog = await body.findByRole("dialog", { name: "Report Jake" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose what is wrong.");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Fake profile" }));
    await userEvent.type(within(dialog).getByLabelText("Details (optional)"), "Pictures of a model");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    const toast = await body.findByText("Thanks for reporting");
    await waitFor(() => expect(toast).toBeVisible());
  },
};

/** A second report while the first is open: the server's message in the dialog. */
export const ReportDuplicate: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: { msw: { handlers: { actions: memberHandlers.reportDuplicate } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(await canvas.findByRole("button", { name: "Report" }));
    const dialog = await body.findByRole("dialog", { name: "Report Jake" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You already reported this member. Our team is looking into it.",
    );
  },
};

/** The presentational parts: the view alone, and the report dialog sending. */
export const ViewOnly: StoryObj<typeof MemberProfileView> = {
  tags: ["!mobile", "!tablet"],
  render: () => <MemberProfileView profile={{ ...memberProfileFixture, photos: [] }} onMessage={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No photos yet")).toBeInTheDocument();
  },
};

export const ReportSending: StoryObj<typeof ReportMemberDialog> = {
  tags: ["!mobile", "!tablet"],
  render: () => <ReportMemberDialog open onOpenChange={fn()} name="Jake" onSubmit={fn()} submitting />,
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog", { name: "Report Jake" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: "Sending..." })).toBeDisabled();
  },
};

/** His private albums shared with me: the shell's part (a stand-in here) under the signals; none while blocked. */
export const WithPrivateAlbums: Story = {
  tags: ["!tablet"],
  decorators: [
    (Story) => (
      <AlbumSlotsContext.Provider
        value={{
          chatStrip: () => null,
          composerAction: () => null,
          profile: (memberId) => (
            <section aria-label="Private albums shared with you" data-member={memberId}>
              Summer · Night out
            </section>
          ),
        }}
      >
        <Story />
      </AlbumSlotsContext.Provider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const albums = await canvas.findByRole("region", { name: "Private albums shared with you" });
    await expect(albums).toHaveAttribute("data-member", memberProfileFixture.id);
  },
};

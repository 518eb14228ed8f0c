import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { profileHandlers } from "../../../../../mocks/handlers/profile";
import { newMemberSettingsFixture, profileSettingsUserFixture } from "../../../../../mocks/fixtures/profile-settings";
import { ProfileSettingsLayout, ProfileSummary } from "./profile-settings-layout";
import { SettingsSection } from "./settings-section";

const block = (title: string, height: string) => (
  <SettingsSection id={title.toLowerCase().replace(/\W+/g, "-")} title={title}>
    <div className={`${height} rounded-md border border-dashed border-border`} />
  </SettingsSection>
);

const meta = {
  title: "Features/Profile/ProfileSettingsLayout",
  component: ProfileSettingsLayout,
  tags: ["mobile", "tablet", "desktop"],
  parameters: { layout: "fullscreen", msw: { handlers: { media: profileHandlers.mediaImages } } },
  args: {
    summary: <ProfileSummary user={profileSettingsUserFixture} rightNow={false} />,
    photos: block("Photos", "h-40"),
    about: block("About you", "h-64"),
    rightNow: block("Right Now", "h-24"),
    privacy: block("Privacy", "h-20"),
    account: block("Account & security", "h-48"),
  },
} satisfies Meta<typeof ProfileSettingsLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The five sections in their places, under the summary. */
export const Sections: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Profile Settings");
    const main = canvas.getByRole("main");
    await expect(
      within(main)
        .getAllByRole("region")
        .map((r) => r.getAttribute("aria-labelledby")),
    ).toEqual([
      "photos-heading",
      "about-you-heading",
      "right-now-heading",
      "privacy-heading",
      "account-security-heading",
    ]);
  },
};

/** The summary of a member who is Right Now and private, and of one with nothing filled in. */
export const Summaries: StoryObj<typeof ProfileSummary> = {
  render: () => (
    <div className="grid gap-6 p-4">
      <ProfileSummary user={{ ...profileSettingsUserFixture, privateMode: true }} rightNow />
      <ProfileSummary user={newMemberSettingsFixture} rightNow={false} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const names = canvas.getAllByTestId("summary-name").map((n) => n.textContent);
    await expect(names).toEqual(["Marco R., 31", "marco"]);
    await expect(canvas.getByText("Right Now")).toBeVisible();
    await expect(canvas.getByText("Private")).toBeVisible();
  },
};

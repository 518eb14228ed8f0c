import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StaticPage } from "./components/static-page";
import { StaticPageLoading } from "./components/static-page-loading";
import type { StaticPageLayout } from "./components/static-page-layout";
import { STATIC_PAGES } from "./static-pages";
import AboutPage from "./pages/about";
import SafetyPage from "./pages/safety";
import CommunityGuidelinesPage from "./pages/community-guidelines";
import HelpPage from "./pages/help";
import PrivacyPage from "./pages/privacy";
import TermsPage from "./pages/terms";

const meta = {
  title: "Features/StaticPages/StaticPage",
  component: StaticPage,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
  args: { entry: STATIC_PAGES[0]! },
} satisfies Meta<typeof StaticPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While a page's chunk loads (StaticPageLoading): spec section 2's two lines. */
export const Loading: StoryObj<typeof StaticPageLoading> = {
  render: () => <StaticPageLoading name="Community Guidelines" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading Community Guidelines...");
    await expect(canvas.getByText("Please wait while we load the content")).toBeVisible();
  },
};

/** Loaded on demand through the lazy route entry. */
export const LoadedOnDemand: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 1, name: "About Vicinity" })).toBeVisible();
  },
};

const page = (Component: () => React.JSX.Element, heading: string): StoryObj<typeof StaticPageLayout> => ({
  render: () => <Component />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1, name: heading })).toBeVisible();
  },
});

export const About = page(AboutPage, "About Vicinity");
export const Safety = page(SafetyPage, "Safety");
export const CommunityGuidelines = page(CommunityGuidelinesPage, "Community Guidelines");
export const Help = page(HelpPage, "Help");
export const Privacy = page(PrivacyPage, "Privacy Policy");
export const Terms = page(TermsPage, "Terms of Service");

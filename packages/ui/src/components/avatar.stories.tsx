import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { Avatar } from "./avatar";

/** A local portrait placeholder (a data: URI, so the story never touches the network). */
const PORTRAIT = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6a3d"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
    <rect width="96" height="96" fill="url(#g)"/>
    <circle cx="48" cy="38" r="17" fill="#fde2d4"/>
    <path d="M14 96c4-20 18-30 34-30s30 10 34 30z" fill="#1e1e29"/>
  </svg>`,
)}`;

const meta = {
  title: "UI/Avatar",
  component: Avatar,
  parameters: {
    docs: {
      description: {
        component: `A member's photo, or his initials when there is none (or while it loads, or when it fails), with an optional online dot.

- **Sizes**: \`sm\` (32 px) in lists and menus, \`md\` (40 px, the default) in headers and threads, \`lg\` (56 px) and \`xl\` (96 px) on profiles; \`lg-xl\` is \`lg\` on phones and \`xl\` from the \`sm\` breakpoint, for a grid card.
- **Do** always pass \`name\`: it is the picture's alt text and the source of the initials.
- **Do** set \`online\` only when the member shows his presence; the dot is named "Online" for screen readers.
- **Don't** use it for things that are not people (a group, an event): show their cover picture.`,
      },
    },
  },
  args: { name: "Alex Rivera", size: "lg" },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Image: Story = {
  args: { src: PORTRAIT },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-photo="loaded"]')).not.toBeNull());
    await expect(canvasElement.querySelector("img")).toHaveAttribute("alt", "Alex Rivera");
    // The photo covers the initials, which leave the accessibility tree (the photo has the name).
    await expect(canvasElement.querySelector('[data-slot="avatar-fallback"]')).not.toBeVisible();
    await expect(within(canvasElement).getAllByRole("img", { name: "Alex Rivera" })).toHaveLength(1);
  },
};

export const InitialsFallback: Story = {
  play: async ({ canvasElement }) => {
    const fallback = within(canvasElement).getByRole("img", { name: "Alex Rivera" });
    await expect(fallback).toHaveTextContent("AR");
  },
};

export const BrokenImage: Story = {
  name: "Initials when the image fails",
  args: { name: "Mia", src: "data:image/png;base64,broken" },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-photo="error"]')).not.toBeNull());
    // The failed photo leaves; the initials carry his name.
    const fallback = within(canvasElement).getByRole("img", { name: "Mia" });
    await expect(fallback).toHaveTextContent("M");
  },
};

export const Online: Story = {
  args: { online: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Online" })).toBeVisible();
  },
};

export const Offline: Story = {
  args: { online: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("img", { name: "Online" })).toBeNull();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-end gap-4">
      <Avatar {...args} size="sm" online />
      <Avatar {...args} size="md" src={PORTRAIT} online />
      <Avatar {...args} size="lg" name="Jordan Lee" online />
      <Avatar {...args} size="xl" src={PORTRAIT} online />
      {/* lg on phones, xl from the sm breakpoint (the discovery card). */}
      <Avatar {...args} size="lg-xl" name="Sam Rivera" online />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll("img")).toHaveLength(2));
    await expect(within(canvasElement).getAllByRole("img", { name: "Online" })).toHaveLength(5);
  },
};

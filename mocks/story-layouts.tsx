import type { Decorator } from "@storybook/react-vite";

/** An admin page as the admin layout route frames it (its <main>, width and padding), without the sections' links. */
export const inAdminLayout: Decorator = (Story) => (
  <main className="mx-auto grid w-full max-w-6xl px-3 py-4 sm:px-6">
    <Story />
  </main>
);

import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: [
    "../stories/**/*.mdx",
    "../stories/**/*.stories.@(ts|tsx)",
    "../packages/ui/src/**/*.stories.@(ts|tsx)",
    "../packages/features/src/**/*.stories.@(ts|tsx)",
  ],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  staticDirs: ["./public"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The static build runs React in development mode, so the visual suite, which checks every story
  // for console.error, hears React's warnings (keys, nesting, act...) as `test:stories` did.
  features: { developmentModeForBuild: true },
  typescript: { reactDocgen: "react-docgen-typescript" },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    return viteConfig;
  },
};

export default config;

import type { Decorator, Preview } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { mswLoader } from "msw-storybook-addon/csf3";
import { useEffect, useState } from "react";
import { Toaster, TooltipProvider, toastStore } from "@vicinity/ui";
import "@vicinity/ui/styles.css";
import { DEVICE_VIEWPORTS } from "./viewports";
import { startMockWorker } from "../mocks/browser";
import { SocketFactoryContext, type SocketFactory } from "@vicinity/features/shared";
import { fakeSocketFactory } from "../mocks/realtime";
import { mediaHandlers } from "../mocks/handlers/media";
import { adsHandlers } from "../mocks/handlers/ads";
import { mapHandlers } from "../mocks/handlers/map";
import { resetMockStores } from "../mocks/handlers/resets";
import { configure } from "storybook/test";
import { fromLeftStory, leaveStory } from "./story-requests";

// findBy* and waitFor wait up to 5 s instead of 1 s: a story's mocked answers take longer on a busy
// CI machine (the visual suite fails a story whose play function throws). They return as soon as
// the screen is right, so a quick machine loses nothing.
configure({ asyncUtilTimeout: 5000 });

const connectedSockets = fakeSocketFactory("connected");

/** Each story gets its own QueryClient, with no retries, so no state leaks between stories. */
function StoryQueryClient({ children }: { children: React.ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function ThemeRoot({ theme, children }: { theme: string; children: React.ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return <>{children}</>;
}

const withProviders: Decorator = (Story, context) => {
  const route = (context.parameters.route as string | undefined) ?? "/";
  const theme = (context.globals.theme as string | undefined) ?? "dark";
  // Set synchronously too, so the very first paint already has the right theme.
  document.documentElement.dataset.theme = theme;
  return (
    <ThemeRoot theme={theme}>
      <SocketFactoryContext.Provider
        value={(context.parameters.socketFactory as SocketFactory | undefined) ?? connectedSockets}
      >
        <StoryQueryClient>
          <TooltipProvider>
            {/* Screen stories mount the app's own router (parameters.router = false). */}
            {context.parameters.router === false ? (
              <Story />
            ) : (
              <MemoryRouter initialEntries={[route]}>
                <Story />
              </MemoryRouter>
            )}
            <Toaster />
          </TooltipProvider>
        </StoryQueryClient>
      </SocketFactoryContext.Provider>
    </ThemeRoot>
  );
};

const preview: Preview = {
  tags: ["autodocs"],
  loaders: [
    // The previous story's late answers are dropped and its late requests go unremarked
    // (story-requests.ts) from before this story's handlers are swapped in (loaders run in order,
    // before beforeEach).
    ({ viewMode }) => {
      if (viewMode === "story") leaveStory();
      return {};
    },
    mswLoader(() => startMockWorker(fromLeftStory)),
  ],
  beforeEach() {
    toastStore.reset();
    resetMockStores();
    // No story inherits another's anonymous session or other stored state.
    window.localStorage.clear();
  },
  decorators: [withProviders],
  globalTypes: {
    theme: {
      description: "Colour theme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "dark", title: "Dark (default)" },
          { value: "light", title: "Light" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "dark" },
  parameters: {
    // Every story answers the server's picture URLs with generated portraits, so a photo is shown
    // the same way whichever stories ran before (a story may override the "media" key).
    // No campaign targets anyone unless a story says so (an ad slot then stays empty).
    // A map's area or tile that a previous story asked for after it was left gets an answer (an
    // empty area, a drawn tile), not an unhandled-request error in this one (map stories set "map"
    // themselves).
    msw: {
      handlers: {
        media: mediaHandlers.portraits,
        ads: adsHandlers.none,
        map: [...mapHandlers.base, ...mapHandlers.empty],
      },
    },
    layout: "padded",
    viewport: { options: DEVICE_VIEWPORTS },
    a11y: { test: "error" },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    backgrounds: { disable: true },
    options: {
      storySort: {
        order: [
          "Introduction",
          "Foundations",
          ["Colors", "Typography", "Spacing", "Motion", "Icons"],
          "UI",
          "Features",
          "Screens",
        ],
      },
    },
  },
};

export default preview;

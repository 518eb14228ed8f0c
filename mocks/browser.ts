import type { SetupWorker } from "msw/browser";

/**
 * Starts MSW in Storybook's preview. An /api/ request that no handler answers is an error,
 * which fails the story's test (see .storybook/vitest.setup.ts), unless `ignore` says it belongs
 * to a story that has been left (.storybook/story-requests.ts).
 */
export async function startMockWorker(ignore: (request: Request) => boolean = () => false): Promise<SetupWorker> {
  const { setupWorker } = await import("msw/browser");
  const worker = setupWorker();
  await worker.start({
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith("/api/") && !ignore(request)) print.error();
    },
  });
  return worker;
}

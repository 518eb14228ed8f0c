/**
 * A story's API answers that arrive after the story was left are dropped: they never settle, so
 * nothing the left story started (a mutation's error toast, a query's state) lands in the story
 * shown next. Without this, a story whose mocked answer is slow (a submitting state, a delayed
 * error) could raise its toast over whichever story came after it: in the visual suite, one worker
 * shows story after story in the same page, and which story follows which depends on the run.
 *
 * Each request to the page's own origin also says which story sent it (STORY_HEADER): MSW answers
 * a request after the next story's handlers are in place, so a request the left story sent just
 * before it was left would otherwise be "unhandled" there (an /api/ path the next story does not
 * mock) and fail that story. `fromLeftStory` tells MSW to let it pass without a word.
 *
 * `leaveStory()` is called when a story starts loading in its own canvas, before its MSW handlers
 * are swapped in (not on a docs page, where several stories render side by side and all keep their
 * answers).
 */
let epoch = 0;

export function leaveStory(): void {
  epoch += 1;
}

const STORY_HEADER = "x-story-epoch";

/** The request was sent by a story that has been left since. */
export function fromLeftStory(request: Request): boolean {
  const sentIn = request.headers.get(STORY_HEADER);
  return sentIn !== null && sentIn !== String(epoch);
}

const sameOrigin = (url: string | URL) => new URL(url, window.location.href).origin === window.location.origin;

const never = () => new Promise<never>(() => undefined);

const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const startedIn = epoch;
  const url = input instanceof Request ? input.url : input;
  if (sameOrigin(url)) {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(STORY_HEADER, String(startedIn));
    init = { ...init, headers };
  }
  return realFetch(input, init).then(
    (response) => (startedIn === epoch ? response : never()),
    (error: unknown) => (startedIn === epoch ? Promise.reject(error) : never()),
  );
};

// Picture uploads go through XMLHttpRequest (upload progress): its ending events are stopped
// before the page's own listeners (these are registered first) once the story was left.
const RealXMLHttpRequest = window.XMLHttpRequest;
class StoryXMLHttpRequest extends RealXMLHttpRequest {
  constructor() {
    super();
    const startedIn = epoch;
    for (const type of ["readystatechange", "load", "error", "abort", "timeout", "loadend"]) {
      this.addEventListener(type, (event) => {
        if (startedIn !== epoch) event.stopImmediatePropagation();
      });
    }
    this.startedIn = startedIn;
  }

  private readonly startedIn: number;

  override open(method: string, url: string | URL, async = true, username?: string | null, password?: string | null) {
    super.open(method, url, async, username, password);
    if (sameOrigin(url)) this.setRequestHeader(STORY_HEADER, String(this.startedIn));
  }
}
window.XMLHttpRequest = StoryXMLHttpRequest;

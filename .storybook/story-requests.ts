/**
 * A story's API answers that arrive after the story was left are dropped: they never settle, so
 * nothing the left story started (a mutation's error toast, a query's state) lands in the story
 * shown next. Without this, a story whose mocked answer is slow (a submitting state, a delayed
 * error) could raise its toast over whichever story came after it: in the visual suite, one worker
 * shows story after story in the same page, and which story follows which depends on the run.
 *
 * `leaveStory()` is called when a story starts rendering in its own canvas (not on a docs page,
 * where several stories render side by side and all keep their answers).
 */
let epoch = 0;

export function leaveStory(): void {
  epoch += 1;
}

const never = () => new Promise<never>(() => undefined);

const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const startedIn = epoch;
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
  }
}
window.XMLHttpRequest = StoryXMLHttpRequest;

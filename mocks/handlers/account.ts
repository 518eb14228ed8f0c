import { delay, http, HttpResponse } from "msw";
import {
  ACCOUNT_PATHS,
  LINK_PROBLEMS,
  RESET_SENT_MESSAGE,
  type DeviceSession,
  type ErrorBody,
  type LinkProblem,
} from "@vicinity/contract";
import { registerMockReset } from "./resets";

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });
const linkFail = (reason: LinkProblem) =>
  HttpResponse.json({ message: LINK_PROBLEMS[reason], reason }, { status: 400 });
/** The stories' tokens: "good" works, "expired" and "used" say so, anything else is not a link. */
const judge = (token: unknown) =>
  token === "good" ? null : token === "expired" || token === "used" ? token : "invalid";
const tokenOf = async (request: Request) => ((await request.json()) as { token?: unknown }).token;

export const deviceSessionsFixture: DeviceSession[] = [
  {
    id: "this-laptop",
    current: true,
    device: "Chrome on Mac",
    place: "Jacksonville",
    signedInAt: "2026-06-01T09:00:00Z",
    lastActiveAt: "2026-06-13T21:29:00Z",
  },
  {
    id: "phone",
    current: false,
    device: "Safari on iPhone",
    place: "Jacksonville Beach",
    signedInAt: "2026-05-20T18:00:00Z",
    lastActiveAt: "2026-06-13T21:05:00Z",
  },
  {
    id: "old-tablet",
    current: false,
    device: "Firefox on Android",
    place: null,
    signedInAt: "2026-05-02T08:00:00Z",
    lastActiveAt: "2026-06-02T14:05:00Z",
  },
];

let sessions = [...deviceSessionsFixture];
registerMockReset(() => {
  sessions = [...deviceSessionsFixture];
});

/** MSW handlers for the account-by-email stories. */
export const accountHandlers = {
  links: [
    http.post(ACCOUNT_PATHS.forgotPassword, () =>
      HttpResponse.json({ ok: true, message: RESET_SENT_MESSAGE }, { status: 202 }),
    ),
    http.post(ACCOUNT_PATHS.checkReset, async ({ request }) => {
      const problem = judge(await tokenOf(request));
      return problem ? linkFail(problem) : HttpResponse.json({ ok: true });
    }),
    http.post(ACCOUNT_PATHS.resetPassword, async ({ request }) => {
      const body = (await request.json()) as { token?: unknown; password?: string };
      const problem = judge(body.token);
      if (problem) return linkFail(problem);
      if (body.password === "password123") return fail(400, "This password is too common");
      return HttpResponse.json({ ok: true });
    }),
    ...[ACCOUNT_PATHS.verifyEmail, ACCOUNT_PATHS.confirmEmailChange, ACCOUNT_PATHS.undoEmailChange].map((path) =>
      http.post(path, async ({ request }) => {
        const problem = judge(await tokenOf(request));
        if (problem) return linkFail(problem);
        if (path === ACCOUNT_PATHS.verifyEmail) return HttpResponse.json({ ok: true });
        return HttpResponse.json({
          ok: true,
          email: path === ACCOUNT_PATHS.confirmEmailChange ? "marco.new@example.com" : "marco@example.com",
        });
      }),
    ),
  ],
  /** The link's call never answers (the page's working state). */
  linksWaiting: [
    ...[ACCOUNT_PATHS.verifyEmail, ACCOUNT_PATHS.checkReset, ACCOUNT_PATHS.forgotPassword].map((path) =>
      http.post(path, async () => {
        await delay("infinite");
        return HttpResponse.json({ ok: true });
      }),
    ),
  ],
  forgotLimited: [
    http.post(ACCOUNT_PATHS.forgotPassword, () =>
      fail(429, "Too many reset requests for this address. Try again later."),
    ),
  ],
  member: [
    http.post(ACCOUNT_PATHS.resendVerification, () => HttpResponse.json({ ok: true }, { status: 202 })),
    http.post(ACCOUNT_PATHS.changeEmail, async ({ request }) => {
      const body = (await request.json()) as { email: string; password: string };
      if (body.password !== "a long and unusual passphrase") return fail(400, "That is not your password");
      return HttpResponse.json(
        { ok: true, message: `We sent a link to ${body.email.toLowerCase()}. Your address changes when you open it.` },
        { status: 202 },
      );
    }),
    http.get(ACCOUNT_PATHS.sessions, () => HttpResponse.json({ sessions })),
    http.delete(ACCOUNT_PATHS.sessions, () => {
      sessions = sessions.filter((s) => s.current);
      return HttpResponse.json({ ok: true });
    }),
    http.delete(`${ACCOUNT_PATHS.sessions}/:id`, ({ params }) => {
      if (!sessions.some((s) => s.id === params.id)) return fail(404, "That device is already signed out");
      sessions = sessions.filter((s) => s.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  ],
  resendLimited: [
    http.post(ACCOUNT_PATHS.resendVerification, () =>
      fail(429, "We sent it 3 times in the last hour. Check your spam folder, or try again later."),
    ),
  ],
  sessionsLoading: [
    http.get(ACCOUNT_PATHS.sessions, async () => {
      await delay("infinite");
      return HttpResponse.json({ sessions: [] });
    }),
  ],
  sessionsError: [
    http.get(ACCOUNT_PATHS.sessions, () => fail(503, "Your devices are unavailable right now. Try again in a moment.")),
  ],
};

import { delay, http, HttpResponse, type PathParams } from "msw";
import {
  ANONYMOUS_AGE,
  anonymousLoginRequestSchema,
  API_PATHS,
  loginRequestSchema,
  registerRequestSchema,
  type AnonymousLoginRequest,
  type AnonymousProfile,
  type ErrorBody,
  type LoginRequest,
  type RegisterRequest,
  type SessionUser,
} from "@vicinity/contract";
import { anonymousProfileFixture, newMemberFixture } from "../fixtures/auth";
import { memberFixture } from "../fixtures/users";

/** A 400 with the first problem of a body that the real server would refuse too. */
function badRequest(issues: ReadonlyArray<{ message: string }>) {
  return HttpResponse.json<ErrorBody>({ message: issues[0]?.message ?? "Invalid request" }, { status: 400 });
}

const error = (status: number, message: string, init: ResponseInit = {}) =>
  HttpResponse.json<ErrorBody>({ message }, { ...init, status });

/** POST /api/auth/login, /api/register and /api/anonymous-login, by scenario. */
export const authHandlers = {
  loginSuccess: [
    http.post<PathParams, LoginRequest, SessionUser | ErrorBody>(API_PATHS.login, async ({ request }) => {
      const body = loginRequestSchema.safeParse(await request.json());
      if (!body.success) return badRequest(body.error.issues);
      return HttpResponse.json<SessionUser>(memberFixture);
    }),
  ],
  loginInvalid: [http.post(API_PATHS.login, () => error(401, "Invalid email or password"))],
  loginSuspended: [http.post(API_PATHS.login, () => error(403, "This account is suspended"))],
  loginRateLimited: [
    http.post(API_PATHS.login, () =>
      error(429, "Too many failed sign-in attempts. Try again in 15 minutes.", { headers: { "Retry-After": "900" } }),
    ),
  ],
  /** An answer without a message: the screens fall back to their own text. */
  loginServerError: [http.post(API_PATHS.login, () => new HttpResponse(null, { status: 500 }))],
  loginNetworkError: [http.post(API_PATHS.login, () => HttpResponse.error())],
  loginLoading: [
    http.post(API_PATHS.login, async () => {
      await delay("infinite");
      return HttpResponse.json<SessionUser>(memberFixture);
    }),
  ],

  registerSuccess: [
    http.post<PathParams, RegisterRequest, SessionUser | ErrorBody>(API_PATHS.register, async ({ request }) => {
      const body = registerRequestSchema.safeParse(await request.json());
      if (!body.success) return badRequest(body.error.issues);
      return HttpResponse.json<SessionUser>(
        { ...newMemberFixture, email: body.data.email, username: body.data.username ?? newMemberFixture.username },
        { status: 201 },
      );
    }),
  ],
  registerDuplicate: [http.post(API_PATHS.register, () => error(409, "An account with this email already exists"))],
  registerUsernameTaken: [http.post(API_PATHS.register, () => error(409, "That username is taken"))],
  registerTooCommon: [http.post(API_PATHS.register, () => error(400, "This password is too common"))],
  registerTooShort: [http.post(API_PATHS.register, () => error(400, "Passwords must be at least 8 characters"))],
  registerServerError: [http.post(API_PATHS.register, () => new HttpResponse(null, { status: 500 }))],
  registerNetworkError: [http.post(API_PATHS.register, () => HttpResponse.error())],
  registerLoading: [
    http.post(API_PATHS.register, async () => {
      await delay("infinite");
      return HttpResponse.json<SessionUser>(newMemberFixture, { status: 201 });
    }),
  ],

  anonymousSuccess: [
    http.post<PathParams, AnonymousLoginRequest, AnonymousProfile | ErrorBody>(
      API_PATHS.anonymousLogin,
      async ({ request }) => {
        const body = anonymousLoginRequestSchema.safeParse(await request.json());
        if (!body.success) return badRequest(body.error.issues);
        // Spec section 5: the client always says 25.
        if (body.data.age !== ANONYMOUS_AGE) return error(400, `Anonymous visitors are ${ANONYMOUS_AGE}`);
        return HttpResponse.json<AnonymousProfile>(anonymousProfileFixture, { status: 201 });
      },
    ),
  ],
  anonymousFailure: [
    http.post(API_PATHS.anonymousLogin, () => error(500, "Anonymous browsing is unavailable right now")),
  ],
  anonymousFailureWithoutMessage: [http.post(API_PATHS.anonymousLogin, () => new HttpResponse(null, { status: 500 }))],
  anonymousLoading: [
    http.post(API_PATHS.anonymousLogin, async () => {
      await delay("infinite");
      return HttpResponse.json<AnonymousProfile>(anonymousProfileFixture, { status: 201 });
    }),
  ],
};

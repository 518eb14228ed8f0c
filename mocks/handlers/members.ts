import { delay, http, HttpResponse } from "msw";
import { type ErrorBody, type MemberProfile } from "@vicinity/contract";
import { memberProfileFixture } from "../fixtures/nearby";

const PROFILE = "/api/users/:id";

/** His Right Now ends 43 minutes after the request (the page's clock: fixed in visual tests). */
const withFreshRightNow = (profile: MemberProfile): MemberProfile =>
  profile.rightNow
    ? { ...profile, rightNow: { ...profile.rightNow, until: new Date(Date.now() + 43 * 60_000 - 1_000).toISOString() } }
    : profile;
const BLOCK = "/api/users/:id/block";
const REPORT = "/api/users/:id/report";

/** GET /api/users/:id, block and report, by scenario. */
export const memberHandlers = {
  profile: [http.get(PROFILE, () => HttpResponse.json<MemberProfile>(withFreshRightNow(memberProfileFixture)))],
  /** No photos, no Right Now, no score shown in words (no shared interests), private mode. */
  sparseProfile: [
    http.get(PROFILE, () =>
      HttpResponse.json<MemberProfile>({
        ...memberProfileFixture,
        photos: [],
        profileImageUrl: null,
        rightNow: null,
        bio: null,
        interests: [],
        distance: null,
        distanceHidden: true,
        isOnline: false,
        compatibility: { score: 20, sharedInterests: [], parts: { interests: 0, age: 10, distance: 10 } },
      }),
    ),
  ],
  /** We tapped each other (a match), I starred him, and sent him a Hi today. */
  matched: [
    http.get(PROFILE, () =>
      HttpResponse.json<MemberProfile>(
        withFreshRightNow({
          ...memberProfileFixture,
          signals: { isFavorite: true, tapsSentToday: ["hi"], match: true },
        }),
      ),
    ),
  ],
  blockedByMe: [
    http.get(PROFILE, () =>
      HttpResponse.json<MemberProfile>(withFreshRightNow({ ...memberProfileFixture, isBlocked: true })),
    ),
  ],
  loading: [
    http.get(PROFILE, async () => {
      await delay("infinite");
      return HttpResponse.json<MemberProfile>(memberProfileFixture);
    }),
  ],
  notFound: [http.get(PROFILE, () => HttpResponse.json<ErrorBody>({ message: "Member not found" }, { status: 404 }))],
  error: [http.get(PROFILE, () => HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 503 }))],
  blockSuccess: [
    http.post(BLOCK, () => HttpResponse.json({ ok: true })),
    http.delete(BLOCK, () => HttpResponse.json({ ok: true })),
  ],
  blockFailure: [
    http.post(BLOCK, () => HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 })),
  ],
  reportSuccess: [http.post(REPORT, () => HttpResponse.json({ ok: true }, { status: 201 }))],
  reportDuplicate: [
    http.post(REPORT, () =>
      HttpResponse.json<ErrorBody>(
        { message: "You already reported this member. Our team is looking into it." },
        { status: 409 },
      ),
    ),
  ],
};

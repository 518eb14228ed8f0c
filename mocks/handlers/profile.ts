import { accountHandlers } from "./account";
import { delay, http, HttpResponse } from "msw";
import {
  API_PATHS,
  addPhotoRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  MAX_PROFILE_PHOTOS,
  MEDIA_MAX_BYTES,
  photoOrderRequestSchema,
  profileUpdateSchema,
  filtersToKeep,
  memberFiltersSchema,
  rightNowRequestSchema,
  type ErrorBody,
  type ProfilePhoto,
  type ProfileUpdate,
  type SessionUser,
  type UploadedMedia,
} from "@vicinity/contract";
import { memberFixture } from "../fixtures/users";
import { mediaHandlers } from "./media";
import {
  allProfilePhotosFixture,
  exportedDataFixture,
  EXPORT_FILENAME_FIXTURE,
  freshRightNow,
  newMemberSettingsFixture,
  profilePhotosFixture,
  profileSettingsUserFixture,
  rightNowFixture,
  uploadedMediaFixture,
} from "../fixtures/profile-settings";

// Plain Responses: a handler may answer them beside its typed body.
const unavailable = (): Response => HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 });
const badRequest = (message: string): Response => HttpResponse.json<ErrorBody>({ message }, { status: 400 });
const never = async () => {
  await delay("infinite");
  return unavailable();
};

/** As the server answers a PUT /api/users/profile: the member with the (checked) fields applied. */
const applyProfileUpdate = (base: SessionUser) =>
  http.put<never, ProfileUpdate, SessionUser | ErrorBody>(API_PATHS.profile, async ({ request }) => {
    const parsed = profileUpdateSchema.safeParse(await request.json());
    if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
    return HttpResponse.json({ ...base, ...parsed.data });
  });

const photosById = new Map([...allProfilePhotosFixture, uploadedMediaFixture].map((p) => [p.id, p]));

/**
 * PUT /api/users/profile and PUT /api/users/location (onboarding), and everything of the profile
 * settings page (/profile): the member, his pictures, uploads, Right Now, password, export and
 * account deletion, by scenario.
 */
export const profileHandlers = {
  saveSuccess: [
    http.put<never, ProfileUpdate, SessionUser | ErrorBody>(API_PATHS.profile, async ({ request }) => {
      const parsed = profileUpdateSchema.safeParse(await request.json());
      if (!parsed.success)
        return HttpResponse.json({ message: parsed.error.issues[0]?.message ?? "Invalid" }, { status: 400 });
      const { role, ...rest } = parsed.data;
      return HttpResponse.json({ ...memberFixture, ...rest, role: role ?? null });
    }),
  ],
  saveFailure: [
    http.put(API_PATHS.profile, () =>
      HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 }),
    ),
  ],
  saveLoading: [
    http.put(API_PATHS.profile, async () => {
      await delay("infinite");
      return HttpResponse.json<SessionUser>(memberFixture);
    }),
  ],
  locationSuccess: [http.put(API_PATHS.location, () => HttpResponse.json({ ok: true }))],
  locationFailure: [
    http.put(API_PATHS.location, () =>
      HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 }),
    ),
  ],

  // --- The profile settings page -------------------------------------------------------------

  /** GET /api/auth/user: the member with a full profile. */
  settingsMember: [http.get(API_PATHS.currentUser, () => HttpResponse.json<SessionUser>(profileSettingsUserFixture))],
  /** ... who has not filled in anything yet. */
  settingsNewMember: [http.get(API_PATHS.currentUser, () => HttpResponse.json<SessionUser>(newMemberSettingsFixture))],
  /** ... who is Right Now for 43 more minutes. */
  settingsRightNow: [
    http.get(API_PATHS.currentUser, () =>
      HttpResponse.json<SessionUser>({ ...profileSettingsUserFixture, rightNow: rightNowFixture(43) }),
    ),
  ],
  /** ... in private mode. */
  settingsPrivate: [
    http.get(API_PATHS.currentUser, () =>
      HttpResponse.json<SessionUser>({ ...profileSettingsUserFixture, privateMode: true }),
    ),
  ],

  /** PUT /api/users/profile: the settings member with the changes applied (400 on what the server refuses). */
  settingsSave: [applyProfileUpdate(profileSettingsUserFixture)],
  settingsSaveLoading: [http.put(API_PATHS.profile, never)],
  /** The server refuses the change with a readable message. */
  settingsSaveRejected: [http.put(API_PATHS.profile, () => badRequest("Display name can be at most 50 characters"))],

  /** GET /api/users/photos */
  photos: [http.get(API_PATHS.photos, () => HttpResponse.json<ProfilePhoto[]>(profilePhotosFixture))],
  photosFull: [http.get(API_PATHS.photos, () => HttpResponse.json<ProfilePhoto[]>(allProfilePhotosFixture))],
  photosEmpty: [http.get(API_PATHS.photos, () => HttpResponse.json<ProfilePhoto[]>([]))],
  photosLoading: [http.get(API_PATHS.photos, never)],
  photosError: [http.get(API_PATHS.photos, unavailable)],

  /** GET /media/:id: generated portraits, no network (the shared media scenario). */
  mediaImages: mediaHandlers.portraits,

  /** POST /api/media (multipart, field `file`) then POST /api/users/photos {mediaId}. */
  uploadSuccess: [
    http.post(API_PATHS.media, async ({ request }) => {
      const form = await request.formData();
      const file = form.get("file");
      if (!(file instanceof File)) return badRequest("No picture was sent: add it in a field named file");
      if (file.size > MEDIA_MAX_BYTES)
        return HttpResponse.json<ErrorBody>({ message: "Pictures can be at most 15 MB" }, { status: 413 });
      return HttpResponse.json<UploadedMedia>(uploadedMediaFixture, { status: 201 });
    }),
    http.post(API_PATHS.photos, async ({ request }) => {
      const parsed = addPhotoRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      const added = photosById.get(parsed.data.mediaId);
      if (!added)
        return HttpResponse.json<ErrorBody>({ message: "Picture not found: upload it first" }, { status: 404 });
      return HttpResponse.json<ProfilePhoto[]>([...profilePhotosFixture, added].slice(0, MAX_PROFILE_PHOTOS), {
        status: 201,
      });
    }),
  ],
  /** The upload never finishes: the progress bar stays. */
  uploadPending: [http.post(API_PATHS.media, never)],
  /** The server refuses the picture as too large. */
  uploadTooLarge: [
    http.post(API_PATHS.media, () =>
      HttpResponse.json<ErrorBody>({ message: "Pictures can be at most 15 MB" }, { status: 413 }),
    ),
  ],
  /** The picture is not one the server can read. */
  uploadNotAPicture: [
    http.post(API_PATHS.media, () =>
      badRequest("That file is not a picture we can read (JPEG, PNG, WebP, AVIF or HEIC)"),
    ),
  ],

  /** PUT /api/users/photos/order and DELETE /api/users/photos/:id, answered from the ids sent. */
  photoEdits: [
    http.put(API_PATHS.photosOrder, async ({ request }) => {
      const parsed = photoOrderRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      const list = parsed.data.ids.map((id) => photosById.get(id));
      if (list.some((p) => !p)) return badRequest("ids must list each of your pictures exactly once");
      return HttpResponse.json<ProfilePhoto[]>(list.filter((p): p is ProfilePhoto => p !== undefined));
    }),
    http.delete(`${API_PATHS.photos}/:id`, ({ params }) =>
      HttpResponse.json<ProfilePhoto[]>(profilePhotosFixture.filter((p) => p.id !== params.id)),
    ),
  ],
  photoEditsFailure: [
    http.put(API_PATHS.photosOrder, unavailable),
    http.delete(`${API_PATHS.photos}/:id`, unavailable),
  ],

  /** PUT and DELETE /api/users/right-now */
  rightNow: [
    http.put(API_PATHS.rightNow, async ({ request }) => {
      const parsed = rightNowRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      return HttpResponse.json<SessionUser>({
        ...profileSettingsUserFixture,
        rightNow: freshRightNow(parsed.data.note),
      });
    }),
    http.delete(API_PATHS.rightNow, () =>
      HttpResponse.json<SessionUser>({ ...profileSettingsUserFixture, rightNow: null }),
    ),
  ],
  rightNowFailure: [http.put(API_PATHS.rightNow, unavailable), http.delete(API_PATHS.rightNow, unavailable)],

  /** PUT /api/users/filters: saved (the member's session user carries them), or the server is down. */
  savedFilters: [
    http.put(API_PATHS.savedFilters, async ({ request }) => {
      const parsed = memberFiltersSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      // As the server: none that narrows is kept as none.
      const nearbyFilters = filtersToKeep(parsed.data);
      return HttpResponse.json<SessionUser>({ ...profileSettingsUserFixture, nearbyFilters });
    }),
  ],
  savedFiltersFailure: [http.put(API_PATHS.savedFilters, unavailable)],

  /** PUT /api/users/password */
  passwordChanged: [
    http.put(API_PATHS.password, async ({ request }) => {
      const parsed = changePasswordRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      return HttpResponse.json({ ok: true });
    }),
  ],
  passwordWrong: [http.put(API_PATHS.password, () => badRequest("Your current password is not right"))],
  passwordTooCommon: [http.put(API_PATHS.password, () => badRequest("This password is too common"))],
  passwordSaving: [http.put(API_PATHS.password, never)],

  /** GET /api/users/export: a JSON attachment. */
  exportSuccess: [
    http.get(API_PATHS.exportData, () =>
      HttpResponse.json(exportedDataFixture, {
        headers: {
          "Content-Disposition": `attachment; filename="${EXPORT_FILENAME_FIXTURE}"`,
          "Cache-Control": "no-store",
        },
      }),
    ),
  ],
  exportFailure: [http.get(API_PATHS.exportData, unavailable)],
  exportPending: [http.get(API_PATHS.exportData, never)],

  /** DELETE /api/users/account {password} */
  accountDeleted: [
    http.delete(API_PATHS.account, async ({ request }) => {
      const parsed = deleteAccountRequestSchema.safeParse(await request.json());
      if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
      return HttpResponse.json({ ok: true });
    }),
  ],
  accountWrongPassword: [
    http.delete(API_PATHS.account, () => badRequest("That is not your password; your account was not deleted")),
  ],
  accountDeleting: [http.delete(API_PATHS.account, never)],
};

/** Everything the settings page calls, answered successfully: a story names what it changes. */
export const profileSettingsHandlers = {
  session: profileHandlers.settingsMember,
  photos: profileHandlers.photos,
  media: profileHandlers.mediaImages,
  upload: profileHandlers.uploadSuccess,
  photoEdits: profileHandlers.photoEdits,
  profile: profileHandlers.settingsSave,
  rightNow: profileHandlers.rightNow,
  password: profileHandlers.passwordChanged,
  export: profileHandlers.exportSuccess,
  account: profileHandlers.accountDeleted,
  accountEmail: accountHandlers.member,
};

// What the signed-in home and the member's session need only when it shows, kept off its first load: the
// messages tab's list, the onboarding, the idle warning, a moderator's warning. One chunk, fetched when the first of
// them shows; a module of its own, so that no barrel is itself import()ed (docs/decisions/0017).
export { RecentConversations } from "@vicinity/features/messages";
export { OnboardingModal } from "@vicinity/features/onboarding";
export { IdleWarningDialog } from "./idle-warning-dialog";
export { ModeratorWarningDialog } from "./moderator-warning-dialog";

// The parts of the shell that arrive when they are needed (each its own chunk): named once, so
// that what starts them early and what renders them load the same module.
export const loadSignedInHome = () => import("../components/signed-in-home");
export const loadGuestHome = () => import("../components/guest-home");
export const loadMemberSession = () => import("../components/member-session");
export const loadAppHeader = () => import("../components/app-header");
export const loadLanding = () => import("../components/landing-in-app");

import { sessionHandlers, shellHandlers } from "./session";
import { discoveryHandlers } from "./discovery";

export { sessionHandlers, shellHandlers, discoveryHandlers };
export { authHandlers } from "./auth";
export { profileHandlers } from "./profile";
export { mediaHandlers } from "./media";
export { memberHandlers } from "./members";
export { signalsHandlers } from "./signals";
export { messagesHandlers } from "./messages";

/** What the app needs to render as a visitor: the handlers a story gets unless it names others. */
export const defaultHandlers = [...sessionHandlers.visitor];
export { mapHandlers, ownLocationHandlers, mapConfigFixture } from "./map";
export { eventsApi, eventsHandlers, notificationsApi, notificationsHandlers } from "./events";
export { groupsApi, groupsHandlers } from "./groups";
export { adminHandlers } from "./admin";
export { adsAdminApi, adsAdminHandlers, adsHandlers } from "./ads";
export { resetMockStores } from "./resets";
export { analyticsHandlers } from "./analytics";
export { accountHandlers, deviceSessionsFixture } from "./account";
export { phrasesHandlers } from "./phrases";
export { albumsHandlers, albumsMock } from "./albums";

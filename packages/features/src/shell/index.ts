export { RootScreen, rootRoute } from "./components/root-screen";
export { NotFoundPage } from "./components/not-found-page";
export { ComingSoonPage } from "./components/coming-soon-page";
export { FullPageError, FullPageLoading, PageLoading } from "./components/full-page-status";
export { RouteError } from "./components/route-error";
export { AppLayout } from "./components/app-layout";
export { FIRST_PAINT_WAIT_MS, memberHomePageOf, startFirstLoad, type MemberHomePage } from "./model/load-on-demand";
export { AppHeader } from "./components/app-header";
export { AppHeaderView, MEMBER_LINKS, type HeaderMode } from "./components/app-header-view";
export { AdminPages, MemberPages, RequireAdmin, RequireMember } from "./components/guards";
export { pageHandleOf, usePageHandle, type PageHandle } from "./model/page-handle";
export { AccessScreen } from "./components/access-screen";
export { AnonymousBanner, ANONYMOUS_NOTICE } from "./components/anonymous-banner";
export { ConnectionBanner } from "./components/connection-banner";
export { IdleWarningDialog } from "./components/idle-warning-dialog";
export { DeviceSwitch } from "./components/device-switch";
export {
  DeviceClassContext,
  detectDeviceClass,
  useDeviceClass,
  MOBILE_MAX_WIDTH,
  TABLET_MAX_WIDTH,
  type DeviceClass,
} from "./model/device-class";
export { BrowsePage } from "./components/browse-page";
export { SignedInHome } from "./components/signed-in-home";

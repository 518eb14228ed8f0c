export { ForgotPasswordPage, ResetPasswordPage, EmailLinkPage, LinkOutcome, LinkProblemView } from "./components/link-pages";
export { VerifyEmailBanner, VERIFY_NOTICE } from "./components/verify-email-banner";
export { EmailSection } from "./components/email-section";
export { DevicesSection, DeviceRow, lastActiveText } from "./components/devices-section";
export { linkProblemOf, useDeviceSessions, useEndSessions, type LinkKind } from "./api/account";
export { tokenFromHash } from "./model/link-token";

export {
  ForgotPasswordPage,
  ResetPasswordPage,
  EmailLinkPage,
  LinkOutcome,
  LinkProblemView,
} from "./components/link-pages";
export { linkProblemOf, accountKeys, type LinkKind } from "./api/account";
export { tokenFromHash } from "./model/link-token";

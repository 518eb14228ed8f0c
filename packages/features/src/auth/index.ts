export { AuthPage } from "./components/auth-page";
export { JoinPage } from "./components/join-page";
export { FullReloadContext, useFullReload, RELOAD_AFTER_TOAST_MS, type FullReload } from "./model/full-reload";
export { login, useLogin, type LoginOptions } from "./api/login";
export { register, useRegister, type RegisterOptions } from "./api/register";
export { AUTH_TAB_PARAM, parseAuthTab, type AuthTab } from "./model/auth-tab";

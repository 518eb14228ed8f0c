export { STATIC_PAGES, type StaticPageEntry } from "./static-pages";
export { StaticPage } from "./components/static-page";
export { StaticPageLoading } from "./components/static-page-loading";

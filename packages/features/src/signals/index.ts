export { InterestPage, INTEREST_TABS, type InterestTab } from "./components/interest-page";

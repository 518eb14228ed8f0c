export { LandingPage } from "./components/landing-page";
export { PlainLink, type LandingLink, type LandingLinkProps } from "./components/landing-link";
export { DemoClockContext, type DemoClock } from "./model/use-demo-activity";
export {
  DEMO_COUNTDOWN_START_S,
  DEMO_NEARBY_START,
  DEMO_ONLINE_START,
  DEMO_TICK_MS,
  HEADLINE_STATS,
  SAMPLE_PEOPLE,
} from "./model/demo-activity";

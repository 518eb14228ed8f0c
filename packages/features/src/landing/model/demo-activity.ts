/**
 * The landing page's demo figures (spec section 1). They are promotional and hard-coded: they
 * never come from the server. Everything here is pure so stories and tests can replay any tick.
 */
export const DEMO_TICK_MS = 1000;
export const DEMO_ONLINE_START = 247;
export const DEMO_NEARBY_START = 18;
/** 2h48m15s. */
export const DEMO_COUNTDOWN_START_S = 2 * 3600 + 48 * 60 + 15;

export interface DemoActivity {
  online: number;
  nearby: number;
  countdownSeconds: number;
}

export const INITIAL_DEMO_ACTIVITY: DemoActivity = {
  online: DEMO_ONLINE_START,
  nearby: DEMO_NEARBY_START,
  countdownSeconds: DEMO_COUNTDOWN_START_S,
};

/** A random source in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** One tick: online moves by -1, 0 or +1; nearby grows by 0 or 1; the countdown loses a second. */
export function advanceDemoActivity(state: DemoActivity, random: RandomSource): DemoActivity {
  const onlineStep = Math.min(2, Math.floor(random() * 3)) - 1;
  const nearbyStep = Math.min(1, Math.floor(random() * 2));
  return {
    online: state.online + onlineStep,
    nearby: state.nearby + nearbyStep,
    // When the countdown reaches zero it starts over: the "next match" is always coming.
    countdownSeconds: state.countdownSeconds > 0 ? state.countdownSeconds - 1 : DEMO_COUNTDOWN_START_S,
  };
}

/** The state after `ticks` ticks from the start. */
export function demoActivityAfter(ticks: number, random: RandomSource): DemoActivity {
  let state = INITIAL_DEMO_ACTIVITY;
  for (let i = 0; i < ticks; i += 1) state = advanceDemoActivity(state, random);
  return state;
}

/** A small deterministic generator (mulberry32), so a frozen story shows the same figures every time. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PresenceStatus = "online" | "away" | "busy" | "offline";

/** Spec section 3, "Demo activity item": user, age, distance, status, time. */
export interface DemoActivityItem {
  user: string;
  age: number;
  distance: string;
  status: PresenceStatus;
  time: string;
}

export const SAMPLE_PEOPLE: readonly DemoActivityItem[] = [
  { user: "Jake", age: 28, distance: "0.8 km", status: "online", time: "Active now" },
  { user: "Marcus", age: 34, distance: "1.6 km", status: "away", time: "5 min ago" },
  { user: "Leo", age: 25, distance: "2.4 km", status: "busy", time: "12 min ago" },
];

export interface HeadlineStat {
  value: string;
  label: string;
}

export const HEADLINE_STATS: readonly HeadlineStat[] = [
  { value: "2.3M+", label: "Active users" },
  { value: "850K+", label: "Daily hookups" },
  { value: "4.8", label: "Rating" },
  { value: "24/7", label: "Support" },
];

import { DeviceSwitch } from "@vicinity/features/shell";
import { MessagesPage } from "@vicinity/features/messages";

/** Spec section 2: a mobile view (list, then thread) and a richer one (side by side). */
export function Messages() {
  return <DeviceSwitch mobile={<MessagesPage layout="mobile" />} desktop={<MessagesPage layout="desktop" />} />;
}

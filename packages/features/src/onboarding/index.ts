export { OnboardingModal } from "./components/onboarding-modal";
export {
  ONBOARDING_COMPLETED_KEY,
  ONBOARDING_STEP_COUNT,
  shouldOpenOnboarding,
  onboardingProgress,
} from "./model/onboarding";

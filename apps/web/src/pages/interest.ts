export { InterestPage } from "@vicinity/features/signals";

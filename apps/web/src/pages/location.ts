export { LocationPage } from "@vicinity/features/map";

export { BrowsePage } from "@vicinity/features/shell";

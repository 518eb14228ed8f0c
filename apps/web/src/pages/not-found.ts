export { NotFoundPage } from "@vicinity/features/shell";

// Pages loaded on demand (routes.tsx): each module here becomes its own chunk, holding only what
// its page uses of the feature barrels (the packages declare no side effects).
export { AuthPage, JoinPage } from "@vicinity/features/auth";

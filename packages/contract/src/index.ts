export * from "./errors";
export * from "./auth";
export * from "./users";
export * from "./realtime";
export * from "./product";
export * from "./media";
export * from "./messages";
export * from "./delivery";

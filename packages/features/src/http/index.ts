export { ApiError, apiRequest, serverMessageOr, throwIfNotOk } from "./api-request";

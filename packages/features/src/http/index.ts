export { ApiError, apiRequest, serverMessageOr, throwIfNotOk } from "./api-request";
export { fetchEarly, takeEarlyFetch, EARLY_FETCH_FRESH_MS } from "./early-fetch";

import { isRouteErrorResponse, useRouteError } from "react-router";
import { FullPageError } from "./full-page-status";

/**
 * A route that failed to render: most often a page's code that could not be fetched (the
 * connection dropped, or a new version replaced it meanwhile). Trying again reloads the app.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <FullPageError title="This page couldn't be loaded" detail={detail} onRetry={() => window.location.reload()} />
  );
}

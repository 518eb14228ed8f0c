/** MSW handlers for the admin stories (issue 13). Filled by the admin client. */
export const adminHandlers = {};

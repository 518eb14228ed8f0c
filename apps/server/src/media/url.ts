/** Where a stored picture is served (GET /media/:id). */
export const MEDIA_URL_PREFIX = "/media/";
export const mediaUrl = (id: string) => `${MEDIA_URL_PREFIX}${id}`;

/**
 * Closes a Redis link at a node's shutdown: the commands in flight finish, but a Redis that is away
 * (restarting) cannot hold the shutdown up: after `graceMs` the link is dropped (issue 17, item 5).
 */
export async function closeRedis(client: { close(): Promise<void>; destroy(): void }, graceMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = client.close().then(
    () => true,
    () => true,
  );
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const done = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!done) client.destroy();
}

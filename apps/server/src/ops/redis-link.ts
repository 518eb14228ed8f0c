import { beforeDeadline, TIMED_OUT } from "./deadline";

/**
 * Closes a Redis link at a node's shutdown: the commands in flight finish, but a Redis that is away
 * (restarting) cannot hold the shutdown up: after `graceMs` the link is dropped.
 */
export async function closeRedis(client: { close(): Promise<void>; destroy(): void }, graceMs = 2000): Promise<void> {
  const closed = client.close().catch(() => undefined);
  if ((await beforeDeadline(closed, graceMs)) === TIMED_OUT) client.destroy();
}

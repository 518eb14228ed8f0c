import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { GroupRole } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import type { SessionUserRow } from "../auth/sessions";
import { readDevice } from "../auth/device";
import { blockedPeersOf } from "./blocks";

export type ViewerKind = "visitor" | "guest" | "member" | "admin";

/**
 * Who is looking, resolved once per request (by the route group's hook) and once per socket (at
 * its handshake), and handed to every surface: no handler builds its own.
 */
export interface Viewer {
  readonly kind: ViewerKind;
  /** The signed-in member (members and admins); null for visitors and guests. */
  readonly member: SessionUserRow | null;
  /**
   * Whose blocks hide others from this viewer: the member, or, for a visitor or guest, the member
   * last signed in on this browser (the device cookie): a block holds on his browser too.
   */
  readonly blocksOf: string | null;
  /** Everyone in a block with him either way (read once, on first use). */
  blockedPeers(): Promise<ReadonlySet<string>>;
  /** His role in a group, or null (read once per group, on first use). */
  groupRole(groupId: string): Promise<GroupRole | null>;
}

/** A member's role in a group: the one query behind Viewer.groupRole. */
export async function groupRoleOf(db: Db, groupId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await queryRows<{ role: GroupRole }>(
    db,
    sql`SELECT role FROM group_members WHERE group_id = ${groupId}::uuid AND user_id = ${userId}::uuid`,
  );
  return row?.role ?? null;
}

/**
 * `remember`: a request's viewer reads his blocks and roles once; a socket's, which lives for hours
 * while he blocks and joins, reads them anew each time (a block must hold at once).
 */
function makeViewer(
  db: Db,
  kind: ViewerKind,
  member: SessionUserRow | null,
  blocksOf: string | null,
  remember: boolean,
): Viewer {
  let peers: Promise<ReadonlySet<string>> | null = null;
  const roles = new Map<string, Promise<GroupRole | null>>();
  const readPeers = () =>
    blocksOf ? blockedPeersOf(db, blocksOf).then((ids) => new Set(ids)) : Promise.resolve(new Set<string>());
  return {
    kind,
    member,
    blocksOf,
    blockedPeers: () => (remember ? (peers ??= readPeers()) : readPeers()),
    groupRole: (groupId) => {
      if (!member) return Promise.resolve(null);
      if (!remember) return groupRoleOf(db, groupId, member.id);
      let role = roles.get(groupId);
      if (!role) roles.set(groupId, (role = groupRoleOf(db, groupId, member.id)));
      return role;
    },
  };
}

/** A signed-in member as a viewer: a socket's (resolved at its handshake; blocks and roles read anew each time). */
export function memberAsViewer(db: Db, user: SessionUserRow): Viewer {
  return makeViewer(db, user.accountRole === "admin" ? "admin" : "member", user, user.id, false);
}

/** The viewer of a request: from its session, and the device cookie for visitors and guests. */
export function viewerOfRequest(db: Db, secret: string, request: FastifyRequest): Viewer {
  const session = request.session;
  if (session?.kind === "member")
    return makeViewer(
      db,
      session.user.accountRole === "admin" ? "admin" : "member",
      session.user,
      session.user.id,
      true,
    );
  return makeViewer(db, session ? "guest" : "visitor", null, readDevice(request, secret)?.userId ?? null, true);
}

/** A member's own view (members and admins), or null for visitors and guests. */
export const isMemberViewer = (viewer: Viewer): viewer is Viewer & { member: SessionUserRow } => viewer.member !== null;

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking: set by the route group's hook before any handler runs (policy/viewer.ts). */
    viewer: Viewer;
  }
}

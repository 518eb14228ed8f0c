import { sql, type SQL } from "drizzle-orm";
import { seesEveryGroupMember, seesGroupMembers, type GroupJoinPolicy, type GroupRole } from "@vicinity/contract";
import { notBlockedWithSql } from "./blocks";
import { activeSql } from "./members";

/**
 * Who may see a group, its members and its chat, written once. The plain rules (seesGroupMembers,
 * seesEveryGroupMember, mayChangeGroupIdentity) live in @vicinity/contract, which the group page
 * shares; the SQL sides are here.
 */
export { mayChangeGroupIdentity, seesEveryGroupMember, seesGroupMembers } from "@vicinity/contract";

/** A group is visible unless its owner (`o`) is in a block with the viewer. */
export const groupVisibleSql = (viewerId: string | null, o = "o"): SQL =>
  notBlockedWithSql(viewerId, sql.raw(`${o}.id`));

/**
 * The members a viewer sees on a group's page (null: none at all). `m` is the group_members row,
 * `u` his users row: active, no block either way; moderators see everyone, others the owner and
 * those who chose to be listed.
 */
export function groupMembersShownSql(
  viewerId: string | null,
  joinPolicy: GroupJoinPolicy,
  myRole: GroupRole | null,
  m = "m",
  u = "u",
): SQL | null {
  if (!seesGroupMembers(joinPolicy, myRole)) return null;
  const listed = seesEveryGroupMember(myRole) ? sql`TRUE` : sql`(${sql.raw(m)}.listed OR ${sql.raw(m)}.role = 'owner')`;
  return sql`${activeSql(u)} AND ${listed} AND ${notBlockedWithSql(viewerId, sql.raw(`${u}.id`))}`;
}

/** The group's chat is its members' only: its messages and members follow the conversation's participants. */
export const seesGroupChat = (myRole: GroupRole | null): boolean => myRole !== null;

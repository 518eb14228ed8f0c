// Groups (issue 12), the client: finding groups and a group's page; the group form and the
// moderators' page are still to come (their routes show placeholders).
export { GroupsPage, CreateGroupButton, NO_GROUPS_FOUND, type GroupsPageProps } from "./components/groups-page";
export { GroupPage, GROUP_NOT_FOUND } from "./components/group-page";
export { GroupCard, membersText, ROLE_LABELS } from "./components/group-card";
export { ReportGroupDialog, ConfirmDialog } from "./components/group-dialogs";
export { emptyGroupForm, groupFormOf, validateGroupForm, type GroupFormValues, type GroupFormErrors } from "./model/form";
export * from "./api/groups";

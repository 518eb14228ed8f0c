// Groups (issue 12), the client: finding groups, a group's page, creating and editing one; the
// moderators' page is still to come (its route shows a placeholder).
export { GroupsPage, CreateGroupButton, NO_GROUPS_FOUND, type GroupsPageProps } from "./components/groups-page";
export { GroupPage, GROUP_NOT_FOUND } from "./components/group-page";
export { GroupFormPage, GROUP_NOT_EDITABLE, type GroupFormPageProps } from "./components/group-form-page";
export { GroupForm, JOIN_POLICY_HINTS, type GroupFormProps } from "./components/group-form";
export { GroupCard, membersText, ROLE_LABELS } from "./components/group-card";
export { ReportGroupDialog, ConfirmDialog } from "./components/group-dialogs";
export { emptyGroupForm, groupFormOf, validateGroupForm, type GroupFormValues, type GroupFormErrors } from "./model/form";
export * from "./api/groups";

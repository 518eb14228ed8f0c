// Groups, the client: finding groups, a group's page, creating and editing one, and the
// moderators' page (requests, members and roles, invitations, the log).
export { GroupsPage, CreateGroupButton, NO_GROUPS_FOUND, type GroupsPageProps } from "./components/groups-page";
export { GroupPage, GROUP_NOT_FOUND } from "./components/group-page";
export { GroupFormPage, GROUP_NOT_EDITABLE, type GroupFormPageProps } from "./components/group-form-page";
export {
  GroupManagePage,
  GROUP_NOT_MANAGED,
  NO_REQUESTS,
  type GroupManagePageProps,
  type ManageTab,
} from "./components/group-manage-page";
export { logEntryText, GONE_MEMBER } from "./model/log";
export { GroupForm, JOIN_POLICY_HINTS, type GroupFormProps } from "./components/group-form";
export { GroupCard, membersText, ROLE_LABELS } from "./components/group-card";
export { ReportGroupDialog, ConfirmDialog } from "./components/group-dialogs";
export {
  emptyGroupForm,
  groupFormOf,
  validateGroupForm,
  type GroupFormValues,
  type GroupFormErrors,
} from "./model/form";
export * from "./api/groups";

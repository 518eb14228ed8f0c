import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { API_PATHS, type SessionUser } from "@vicinity/contract";
import { useCurrentUser } from "@vicinity/features/shared";
import { memberFixture } from "../../../../../mocks/fixtures/users";
import { ModeratorWarningDialog, ModeratorWarningView } from "./moderator-warning-dialog";

const WARNING = {
  id: "w_1",
  reason: "Your profile text asks for payment. Vicinity is not for selling anything.",
  at: "2026-11-20T18:30:00.000Z",
};
const SECOND = { id: "w_2", reason: "Please keep your photos within the guidelines.", at: "2026-11-21T09:00:00.000Z" };

/** A moderator's warning, at the member's next visit; it stays until he says he read it. */
const meta = {
  title: "Features/Shell/ModeratorWarning",
  component: ModeratorWarningView,
  tags: ["mobile", "desktop"],
  args: { warning: WARNING, onAcknowledge: fn() },
} satisfies Meta<typeof ModeratorWarningView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole("alertdialog", { name: "A warning from our moderators" });
    await expect(screen.getByTestId("warning-reason")).toHaveTextContent(WARNING.reason);
    await expect(dialog).toHaveTextContent("Sent on 20 November 2026");
    await expect(screen.getByRole("link", { name: "Community Guidelines" })).toHaveAttribute(
      "href",
      "/community-guidelines",
    );
    // Neither Escape nor a click outside closes it: only "I understand".
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("alertdialog")).toBeVisible());
    await expect(screen.getByRole("button", { name: "I understand" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "I understand" }));
    await expect(args.onAcknowledge).toHaveBeenCalledTimes(1);
  },
};

/** A long reason wraps inside the dialog. */
export const LongReason: Story = {
  args: {
    warning: {
      ...WARNING,
      reason: "Several members reported messages from you that pressed them after they said no. ".repeat(4).trim(),
    },
  },
  play: async () => {
    await expect(await screen.findByTestId("warning-reason")).toHaveTextContent("pressed them after they said no");
  },
};

export const Saving: Story = {
  args: { pending: true },
  play: async () => {
    await expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
  },
};

export const SaveFailed: Story = {
  args: { error: "We could not save that. Check your connection and try again." },
  play: async () => {
    await expect(await screen.findByRole("alert")).toHaveTextContent("We could not save that.");
    await expect(screen.getByRole("button", { name: "I understand" })).toBeEnabled();
  },
};

/** What the member session does: the session user's warning opens the dialog; acknowledged, the next one follows. */
function WarnedVisit() {
  const user = useCurrentUser();
  if (user.isPending) return <p className="p-6">Loading</p>;
  return user.data?.warning ? (
    <ModeratorWarningDialog warning={user.data.warning} />
  ) : (
    <p className="p-6">Page content</p>
  );
}

function warnedHandlers(fail = false) {
  const pending = [WARNING, SECOND];
  return [
    http.get(API_PATHS.currentUser, () =>
      HttpResponse.json<SessionUser>({ ...memberFixture, warning: pending[0] ?? null }),
    ),
    http.post("/api/warnings/:id/acknowledge", ({ params }) => {
      if (fail) return HttpResponse.json({ message: "Something went wrong" }, { status: 500 });
      const at = pending.findIndex((w) => w.id === params.id);
      if (at < 0) return HttpResponse.json({ message: "Warning not found" }, { status: 404 });
      pending.splice(at, 1);
      return HttpResponse.json({ ok: true });
    }),
  ];
}

/** Two warnings wait: he reads one, then the other, then his page. */
export const TwoWarningsAcknowledged: StoryObj<typeof ModeratorWarningDialog> = {
  tags: ["!mobile"],
  render: () => <WarnedVisit />,
  parameters: { msw: { handlers: { warning: warnedHandlers() } } },
  play: async () => {
    await expect(await screen.findByTestId("warning-reason")).toHaveTextContent(WARNING.reason);
    await userEvent.click(screen.getByRole("button", { name: "I understand" }));
    await waitFor(() => expect(screen.getByTestId("warning-reason")).toHaveTextContent(SECOND.reason));
    await userEvent.click(screen.getByRole("button", { name: "I understand" }));
    await expect(await screen.findByText("Page content")).toBeVisible();
    await expect(screen.queryByRole("alertdialog")).toBeNull();
  },
};

/** The acknowledgement fails: the dialog stays, says so, and he can try again. */
export const AcknowledgeFails: StoryObj<typeof ModeratorWarningDialog> = {
  tags: ["!mobile"],
  render: () => <WarnedVisit />,
  parameters: { msw: { handlers: { warning: warnedHandlers(true) } } },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "I understand" }));
    await expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    // Still open (its fade-in may still be running when the answer comes).
    await waitFor(() => expect(screen.getByRole("alertdialog")).toBeVisible());
    await expect(screen.getByRole("button", { name: "I understand" })).toBeEnabled();
  },
};

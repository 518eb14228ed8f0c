import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { RealtimeContext, type VicinitySocket } from "@vicinity/features/shared";
import { eventId } from "../../../../../mocks/fixtures/events";
import { notificationsHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { NotificationBell } from "./notification-bell";
import { NotificationMenu } from "./notification-menu";
import { NotificationsLive } from "./notifications-live";

const withSocket: Decorator = (Story) => {
  const socket = useMemo(() => {
    const fake = new FakeSocket();
    (window as unknown as { __bellSocket?: FakeSocket }).__bellSocket = fake;
    return fake;
  }, []);
  return (
    <RealtimeContext.Provider value={{ socket: socket as unknown as VicinitySocket, state: "connected" }}>
      <div className="flex justify-end p-2">
        <Story />
        <NotificationsLive />
      </div>
    </RealtimeContext.Provider>
  );
};

const meta = {
  title: "Features/Notifications/NotificationBell",
  component: NotificationBell,
  // The list is drawn by NotificationMenu, whose code loads on first use (DeferredMenu).
  subcomponents: { NotificationMenu },
  tags: ["mobile", "tablet", "desktop"],
  decorators: [withSocket],
  parameters: { msw: { handlers: { session: sessionHandlers.member, notifications: notificationsHandlers.unread() } } },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two unread: the count on the bell; the list with the sentences, their age, links to the events. */
export const Unread: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = await canvas.findByRole("button", { name: "Notifications, 2 unread" });
    await userEvent.click(bell);
    const menu = within(await within(document.body).findByRole("menu"));
    await expect(menu.getByText("Rooftop drinks at The Volstead starts in an hour.")).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: /A place freed up/ })).toHaveAttribute(
      "href",
      `/events/${eventId(3)}`,
    );
  },
};

/** Mark all read: the count goes. */
export const MarkAllRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Notifications, 2 unread" }));
    await userEvent.click(await within(document.body).findByRole("menuitem", { name: "Mark all read" }));
    await expect(await canvas.findByRole("button", { name: "Notifications" })).toBeVisible();
  },
};

/** Nothing yet. */
export const NoneYet: Story = {
  parameters: { msw: { handlers: { notifications: notificationsHandlers.none() } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Notifications" }));
    await expect(await within(document.body).findByText(/Nothing new/)).toBeVisible();
  },
};

/** A reminder pushed over the socket: a toast, and the count goes up. */
export const LiveReminder: Story = {
  parameters: { msw: { handlers: { notifications: notificationsHandlers.none() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The list has arrived (a push before it would only come with the first answer).
    await userEvent.click(await canvas.findByRole("button", { name: "Notifications" }));
    await within(document.body).findByText(/Nothing new/);
    await userEvent.keyboard("{Escape}");
    const socket = (window as unknown as { __bellSocket: FakeSocket }).__bellSocket;
    socket.serverEmit("notification", {
      id: "n9",
      kind: "event_reminder",
      data: { eventId: eventId(1), title: "Rooftop drinks" },
      createdAt: new Date().toISOString(),
      readAt: null,
    });
    await waitFor(() =>
      expect(within(document.body).getAllByText("Rooftop drinks starts in an hour.").length).toBeGreaterThan(0),
    );
    await waitFor(() => expect(canvas.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible());
  },
};

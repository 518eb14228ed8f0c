import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Badge } from "./badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "./table";

const ROWS = [
  ["marco", "marco@example.com", "Member", "3 Mar 2026"],
  ["jake28", "jake@example.com", "Suspended", "1 Feb 2026"],
  ["ops", "ops@example.com", "Admin", "10 Jan 2026"],
] as const;

function MembersTable() {
  return (
    <Table label="Members">
      <TableCaption>3 members</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Username</TableHead>
          <TableHead scope="col">Email</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Joined</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ROWS.map(([name, email, status, joined]) => (
          <TableRow key={name} data-state={status === "Suspended" ? "selected" : undefined}>
            <TableCell className="font-semibold">{name}</TableCell>
            <TableCell>{email}</TableCell>
            <TableCell>
              <Badge variant={status === "Suspended" ? "destructive" : "outline"}>{status}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">{joined}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const meta = {
  title: "UI/Table",
  component: MembersTable,
  tags: ["mobile", "desktop"],
  parameters: {
    docs: {
      description: {
        component: `Data in rows and columns: the admin's members, reports, campaigns. Real \`<table>\` semantics (headers, caption) for screen readers. On a narrow screen it scrolls sideways inside its frame instead of breaking the page; the frame is a focusable region named by \`label\`, so the keyboard scrolls it too.

- **Parts**: \`Table\` (\`label\`), \`TableHeader\`, \`TableBody\`, \`TableRow\` (\`data-state="selected"\` tints a chosen row), \`TableHead\`, \`TableCell\`, \`TableCaption\`.
- **Do** use it to compare many items by the same fields; pair it with \`Pagination\` for long lists and with \`Checkbox\` to choose rows.
- **Don't** use it for layout, or for lists members read on their phones: use cards.`,
      },
    },
  },
} satisfies Meta<typeof MembersTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Column headers name each cell for screen readers; a narrow screen scrolls the table, not the page. */
export const Members: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table", { name: "3 members" });
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Username", "Email", "Status", "Joined"]);
    await expect(within(table).getAllByRole("row")).toHaveLength(4);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    // The frame is a named region the keyboard reaches (to scroll a wide table sideways).
    await expect(canvas.getByRole("region", { name: "Members" })).toHaveAttribute("tabindex", "0");
  },
};

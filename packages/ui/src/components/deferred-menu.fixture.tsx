import type { DeferredMenuProps } from "./deferred-menu";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";

/** The menu DeferredMenu's story loads on demand. */
export function ExampleMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>View profile</DropdownMenuItem>
        <DropdownMenuItem>Share profile</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

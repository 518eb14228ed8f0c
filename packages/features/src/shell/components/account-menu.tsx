import { useContext } from "react";
import { Link } from "react-router";
import { Heart, LogOut, Settings, Shield } from "lucide-react";
import { AccountMenuContext } from "./account-menu-context";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DeferredMenuProps,
} from "@vicinity/ui";

/** The member's account menu (loaded on first use: packages/ui DeferredMenu). */
export function AccountMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const value = useContext(AccountMenuContext);
  if (!value) return trigger;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate">{value.name}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{value.user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/interest">
            <Heart aria-hidden /> Taps, views and favorites
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <Settings aria-hidden /> Profile Settings
          </Link>
        </DropdownMenuItem>
        {value.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Shield aria-hidden /> Admin Panel
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={value.onLogout} disabled={value.loggingOut}>
          <LogOut aria-hidden /> {value.loggingOut ? "Logging out..." : "Logout"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { createContext } from "react";
import type { SessionUser } from "@vicinity/contract";

/** What the account menu shows and does (given by the header, which draws the trigger; the menu's code loads on first use). */
export interface AccountMenuValue {
  name: string;
  user: SessionUser;
  isAdmin: boolean;
  onLogout: () => void;
  loggingOut?: boolean;
}

export const AccountMenuContext = createContext<AccountMenuValue | null>(null);

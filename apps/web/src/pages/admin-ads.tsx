import type { ReactNode } from "react";
import { useParams } from "react-router";
import { AdCreatorPage, CampaignPage, CampaignsPage } from "@vicinity/features/ads";

function Frame({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6">{children}</main>;
}

/** /admin/ads (issue 14): the campaigns. */
export function CampaignsRoute() {
  return <Frame><CampaignsPage /></Frame>;
}

/** /admin/ads/new */
export function NewCampaignRoute() {
  return <Frame><AdCreatorPage /></Frame>;
}

/** /admin/ads/:id */
export function CampaignRoute() {
  const { id = "" } = useParams();
  return <Frame><CampaignPage key={id} id={id} /></Frame>;
}

/** /admin/ads/:id/edit */
export function EditCampaignRoute() {
  const { id = "" } = useParams();
  return <Frame><AdCreatorPage key={id} id={id} /></Frame>;
}

import { useParams } from "react-router";
import { AdCreatorPage, CampaignPage, CampaignsPage } from "@vicinity/features/ads";

// The admin layout route (AdminPages) draws the page's <main> and the admin sections' links.

/** /admin/ads: the campaigns. */
export function CampaignsRoute() {
  return <CampaignsPage />;
}

/** /admin/ads/new */
export function NewCampaignRoute() {
  return <AdCreatorPage />;
}

/** /admin/ads/:id */
export function CampaignRoute() {
  const { id = "" } = useParams();
  return <CampaignPage key={id} id={id} />;
}

/** /admin/ads/:id/edit */
export function EditCampaignRoute() {
  const { id = "" } = useParams();
  return <AdCreatorPage key={id} id={id} />;
}

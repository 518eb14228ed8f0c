import { adminModule } from "./admin/module";
import { adsModule } from "./ads/module";
import { albumsModule } from "./albums/module";
import { analyticsModule } from "./analytics/module";
import { authModule } from "./auth/module";
import { demoModule } from "./demo/module";
import { eventsModule } from "./events/module";
import { groupsModule } from "./groups/module";
import type { DomainModule } from "./http/module";
import { locationModule } from "./location/module";
import { mailModule } from "./mail/module";
import { mapModule } from "./map/module";
import { mediaModule } from "./media/module";
import { messagesModule } from "./messages/module";
import { notificationsModule } from "./notifications/module";
import { opsModule } from "./ops/module";
import { phrasesModule } from "./phrases/module";
import { presenceModule } from "./presence/module";
import { signalsModule } from "./signals/module";
import { usersModule } from "./users/module";

/** Every domain of the server, one line each: its routes, socket events and jobs come with it (http/module.ts). */
export const MODULES: readonly DomainModule[] = [
  demoModule,
  opsModule,
  authModule,
  mailModule,
  usersModule,
  signalsModule,
  mapModule,
  locationModule,
  presenceModule,
  eventsModule,
  groupsModule,
  adsModule,
  mediaModule,
  messagesModule,
  phrasesModule,
  albumsModule,
  notificationsModule,
  adminModule,
  analyticsModule,
];

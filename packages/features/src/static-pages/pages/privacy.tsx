import { StaticPageLayout } from "../components/static-page-layout";

export default function PrivacyPage() {
  return (
    <StaticPageLayout
      title="Privacy Policy"
      updated="22 November 2026"
      intro="What we collect, why, and what you can do about it. In short: as little as we can, only to run Vicinity, never sold."
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Your account: email, username and a password we store only as a strong one-way hash.</li>
          <li>Your profile: what you choose to write and upload.</li>
          <li>
            Your location, while you use the app, to show who is near you. Others never receive it: they see a distance
            computed from a point within a few hundred metres of you.
          </li>
          <li>Your messages, so they can be delivered and kept in your conversations.</li>
        </ul>
      </section>
      <section>
        <h2>What we never do</h2>
        <ul>
          <li>Sell your data, or share your location with advertisers.</li>
          <li>Keep the hidden location data of pictures you upload: it is removed.</li>
        </ul>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          Export your data or delete your account at any time from Profile Settings. Private mode hides your distance
          and takes you off the map.
        </p>
      </section>
    </StaticPageLayout>
  );
}

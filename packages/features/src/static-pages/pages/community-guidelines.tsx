import { StaticPageLayout } from "../components/static-page-layout";

export default function CommunityGuidelinesPage() {
  return (
    <StaticPageLayout
      title="Community Guidelines"
      intro="Vicinity works when everyone can be himself safely. These rules apply to profiles, pictures, messages, events and groups."
    >
      <section>
        <h2>Adults only</h2>
        <p>You must be 18 or older. Profiles of anyone younger are removed and reported.</p>
      </section>
      <section>
        <h2>Be real and be respectful</h2>
        <ul>
          <li>Use your own pictures; no impersonation.</li>
          <li>
            No hate speech, threats, harassment or discrimination, including "no fats, no fems" style exclusions written
            as insults.
          </li>
          <li>Take no for an answer.</li>
        </ul>
      </section>
      <section>
        <h2>Keep it legal and consensual</h2>
        <ul>
          <li>No selling of sex, drugs or weapons.</li>
          <li>No sharing of someone else's pictures or private information without consent.</li>
          <li>Explicit pictures only in private messages, and only with someone who wants them.</li>
        </ul>
      </section>
      <section>
        <h2>What happens when rules are broken</h2>
        <p>
          We remove content, suspend accounts, and in serious cases inform the authorities. You can appeal a decision
          through Help.
        </p>
      </section>
    </StaticPageLayout>
  );
}

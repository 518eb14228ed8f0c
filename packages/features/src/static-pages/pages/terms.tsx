import { StaticPageLayout } from "../components/static-page-layout";

export default function TermsPage() {
  return (
    <StaticPageLayout
      title="Terms of Service"
      updated="22 November 2026"
      intro="The agreement between you and Vicinity when you use the app."
    >
      <section>
        <h2>Who may use Vicinity</h2>
        <p>Adults of 18 or older who are allowed to use such a service where they live. One account per person.</p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You own what you post. You let us show it to other members as the app does, and you promise it follows the
          Community Guidelines and the law.
        </p>
      </section>
      <section>
        <h2>Our service</h2>
        <p>
          We work hard to keep Vicinity available and safe but cannot promise it will never be interrupted. We may
          suspend accounts that break the rules.
        </p>
      </section>
      <section>
        <h2>Ending</h2>
        <p>You may delete your account at any time. Messages you sent then show as from a deleted member.</p>
      </section>
    </StaticPageLayout>
  );
}

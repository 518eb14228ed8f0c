import { StaticPageLayout } from "../components/static-page-layout";

export default function HelpPage() {
  return (
    <StaticPageLayout title="Help" intro="Answers to the questions members ask most.">
      <section>
        <h2>Why can't I see distances for some members?</h2>
        <p>They use private mode, which hides their distance and removes them from the map.</p>
      </section>
      <section>
        <h2>How accurate are distances?</h2>
        <p>
          On purpose, not very: to protect everyone we compute distances from a point within a few hundred metres of
          each member, never from his exact position.
        </p>
      </section>
      <section>
        <h2>I was signed out. Why?</h2>
        <p>
          After 15 minutes without activity we sign you out to protect your account, with a warning a minute before.
        </p>
      </section>
      <section>
        <h2>How do I block or report someone?</h2>
        <p>
          Open his profile or your conversation with him and choose Block or Report. Blocking is immediate and mutual.
        </p>
      </section>
      <section>
        <h2>How do I delete my account?</h2>
        <p>Profile Settings, then Delete my account. You can export your data first.</p>
      </section>
    </StaticPageLayout>
  );
}

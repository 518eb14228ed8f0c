import { StaticPageLayout } from "../components/static-page-layout";

export default function SafetyPage() {
  return (
    <StaticPageLayout
      title="Safety"
      intro="Meeting people should be exciting, not risky. These habits keep you in control."
    >
      <section>
        <h2>Before you meet</h2>
        <ul>
          <li>Chat for a while and, if you can, video call first.</li>
          <li>Tell a friend where you are going and who you are meeting.</li>
          <li>Meet somewhere public the first time, and arrange your own way home.</li>
        </ul>
      </section>
      <section>
        <h2>Protecting your privacy</h2>
        <ul>
          <li>Vicinity never shares your exact position: others see an approximate distance.</li>
          <li>Private mode hides your distance and takes you off the map.</li>
          <li>Pictures you send have their hidden location data removed.</li>
        </ul>
      </section>
      <section>
        <h2>If something feels wrong</h2>
        <p>
          Block the member: neither of you will see or message the other again. Report him if he threatens, harasses, is
          underage or is not who he says: our team reviews every report. In an emergency, call your local emergency
          number first.
        </p>
      </section>
    </StaticPageLayout>
  );
}

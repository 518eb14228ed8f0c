import { StaticPageLayout } from "../components/static-page-layout";

export default function AboutPage() {
  return (
    <StaticPageLayout
      title="About Vicinity"
      intro="Vicinity shows men who are nearby right now, so that meeting someone is a message away, not an algorithm away."
    >
      <section>
        <h2>What we build</h2>
        <p>
          A live grid and map of the guys around you, direct messages with pictures, events and groups in your city, and
          a quick way to say you are free right now. Everything is built for phones first and works just as well on a
          laptop.
        </p>
      </section>
      <section>
        <h2>What we believe</h2>
        <ul>
          <li>
            Your exact location is yours. We never show it to anyone: distances are computed from a point near you,
            never your position.
          </li>
          <li>
            Matching should explain itself. Our compatibility score tells you why: shared interests, age and distance.
          </li>
          <li>
            Safety is a feature, not an afterthought: block and report are one tap away, and a real team reads every
            report.
          </li>
        </ul>
      </section>
      <section>
        <h2>Who we are</h2>
        <p>
          A small team of engineers and designers who use apps like this ourselves and thought they could be kinder,
          safer and faster.
        </p>
      </section>
    </StaticPageLayout>
  );
}

import { useMemo, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, X } from "lucide-react";
import {
  AD_ADVERTISER_MAX,
  AD_BODY_MAX,
  AD_CTA_MAX,
  AD_FREQUENCY_CAP_MAX,
  AD_HEADLINE_MAX,
  AD_RADII_KM,
  AD_WEIGHT_MAX,
  type AdInput,
} from "@vicinity/contract";
import { Button, buttonVariants, Card, EmptyState, FormField, Input, Skeleton, toast } from "@vicinity/ui";
import {
  ApiError,
  serverMessageOr,
  CoverUpload,
  FormServerError,
  LazyEventsMap,
  memberTimeZone,
  TimeRangeFields,
} from "@vicinity/features/shared";
import { useCampaign, useChangeCampaign, useSaveCampaign } from "../api/campaigns";
import { adFormOf, emptyAdForm, validateAdForm, type AdFormErrors, type AdFormValues } from "../model/creator";
import { settingsOf } from "../model/format";
import { AdPreview } from "./ad-preview";

const controlClass =
  "w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive";
const MAX_INTERESTS = 10;

export interface AdCreatorPageProps {
  /** Editing this campaign; none: a new one. */
  id?: string;
  timeZone?: string;
  /** Stories start from filled (or wrongly filled) values, their errors shown at once. */
  initialValues?: Partial<AdFormValues>;
  showErrorsAtOnce?: boolean;
}

/** /admin/ads/new and /admin/ads/:id/edit: the ad creator, with its live preview. */
export function AdCreatorPage({ id, timeZone: givenZone, initialValues, showErrorsAtOnce }: AdCreatorPageProps) {
  const timeZone = useMemo(() => givenZone ?? memberTimeZone(), [givenZone]);
  const existing = useCampaign(id ?? null);
  const title = id ? "Edit the campaign" : "New campaign";
  const back = (
    <Link to={id ? `/admin/ads/${id}` : "/admin/ads"} className={buttonVariants({ variant: "link", size: "sm" })}>
      <ArrowLeft aria-hidden /> {id ? "The campaign" : "All campaigns"}
    </Link>
  );
  let body: ReactNode;
  if (id && existing.isPending)
    body = (
      <div role="status" aria-label="Loading the campaign">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  else if (id && existing.isError)
    body = (
      <EmptyState
        title={
          existing.error instanceof ApiError && existing.error.status === 404
            ? "Campaign not found"
            : "Could not load the campaign"
        }
        description={serverMessageOr(existing.error, "Please try again.")}
      />
    );
  else if (id && existing.data?.status === "ended")
    body = (
      <EmptyState
        title="This campaign has ended"
        description="An ended campaign cannot change: duplicate it to run it again."
      />
    );
  else {
    const start = existing.data ? adFormOf(settingsOf(existing.data)) : emptyAdForm(timeZone);
    body = (
      <AdCreatorForm
        key={existing.data?.id ?? "new"}
        id={id ?? null}
        initial={{ ...start, ...initialValues }}
        showErrorsAtOnce={showErrorsAtOnce}
      />
    );
  }
  return (
    <section className="grid gap-4" aria-labelledby="creator-title">
      {back}
      <h1 id="creator-title" className="font-display text-2xl font-bold">
        {title}
      </h1>
      {body}
    </section>
  );
}

function Counter({ value, max }: { value: string; max: number }) {
  const left = max - value.trim().length;
  return (
    <span className={left < 0 ? "text-destructive-text" : undefined}>
      {left < 0 ? `${-left} too many` : `${left} left`}
    </span>
  );
}

function AdCreatorForm({
  id,
  initial,
  showErrorsAtOnce = false,
}: {
  id: string | null;
  initial: AdFormValues;
  showErrorsAtOnce?: boolean;
}) {
  const navigate = useNavigate();
  const save = useSaveCampaign(id);
  const start = useChangeCampaign();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<AdFormErrors>(() =>
    showErrorsAtOnce ? (validateAdForm(initial).errors ?? {}) : {},
  );
  const [uploading, setUploading] = useState(false);
  const [interest, setInterest] = useState("");
  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const serverError = save.error ? serverMessageOr(save.error, "The campaign was not saved. Try again.") : null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const andStart = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "start";
    const result = validateAdForm(values);
    setErrors(result.errors ?? {});
    if (!result.input) {
      // Take the admin to the first field that needs him.
      requestAnimationFrame(() => document.querySelector<HTMLElement>("form[aria-label] [aria-invalid=true]")?.focus());
      return;
    }
    save.mutate(result.input as AdInput, {
      onSuccess: (campaign) => {
        if (!andStart) return void navigate(`/admin/ads/${campaign.id}`);
        // Saved either way: a refusal to start (its end has passed, say) is told on the campaign's page, never by a second draft.
        start.mutate(
          { id: campaign.id, change: { kind: "status", status: "active" } },
          {
            onError: (error) =>
              toast({
                title: "Saved as a draft, not started",
                description: serverMessageOr(error, "Start it from its page."),
                variant: "destructive",
              }),
            onSettled: () => void navigate(`/admin/ads/${campaign.id}`),
          },
        );
      },
    });
  }

  function addInterest() {
    const value = interest.trim().toLowerCase();
    if (!value || values.interests.includes(value) || values.interests.length >= MAX_INTERESTS) return;
    set("interests", [...values.interests, value]);
    setInterest("");
  }
  const onInterestKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      addInterest();
    }
  };

  const legend = "mb-1 font-display text-lg font-semibold";
  const pair = (children: ReactNode) => <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
  const busy = save.isPending || start.isPending;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-6"
        aria-label={id ? "Edit the campaign" : "Create a campaign"}
      >
        <Card className="grid gap-4 p-4">
          <fieldset className="grid gap-4">
            <legend className={legend}>The ad</legend>
            <FormField label="Advertiser" required error={errors.advertiser}>
              <Input
                value={values.advertiser}
                onChange={(e) => set("advertiser", e.target.value)}
                maxLength={AD_ADVERTISER_MAX + 20}
                autoComplete="organization"
              />
            </FormField>
            <FormField
              label="Headline"
              required
              error={errors.headline}
              hint={<Counter value={values.headline} max={AD_HEADLINE_MAX} />}
            >
              <Input value={values.headline} onChange={(e) => set("headline", e.target.value)} autoComplete="off" />
            </FormField>
            <FormField
              label="Text"
              required
              error={errors.body}
              hint={<Counter value={values.body} max={AD_BODY_MAX} />}
            >
              {(control) => (
                <textarea
                  {...control}
                  value={values.body}
                  onChange={(e) => set("body", e.target.value)}
                  rows={2}
                  className={controlClass}
                />
              )}
            </FormField>
            {pair(
              <>
                <FormField
                  label="Call to action"
                  required
                  error={errors.callToAction}
                  hint={<Counter value={values.callToAction} max={AD_CTA_MAX} />}
                >
                  <Input
                    value={values.callToAction}
                    onChange={(e) => set("callToAction", e.target.value)}
                    autoComplete="off"
                  />
                </FormField>
                <FormField
                  label="Destination"
                  required
                  error={errors.destinationUrl}
                  hint="An https:// link. It gets no member data."
                >
                  <Input
                    type="url"
                    inputMode="url"
                    value={values.destinationUrl}
                    onChange={(e) => set("destinationUrl", e.target.value)}
                    autoComplete="url"
                  />
                </FormField>
              </>,
            )}
            <CoverUpload
              kind="ad"
              label="Picture"
              noun="picture"
              alt="The ad's picture"
              coverUrl={values.imageUrl}
              onBusyChange={setUploading}
              onChange={(picture) =>
                setValues((v) => ({ ...v, mediaId: picture?.id ?? null, imageUrl: picture?.url ?? null }))
              }
            />
          </fieldset>
        </Card>

        <Card className="grid gap-4 p-4">
          <fieldset className="grid gap-4">
            <legend className={legend}>Who sees it</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={values.targetArea}
                onChange={(e) => set("targetArea", e.target.checked)}
                className="size-4 accent-[var(--color-accent)]"
              />
              Only members in an area
            </label>
            {values.targetArea ? (
              <div className="grid gap-2">
                <p className="text-sm text-muted-foreground" id="ad-area-hint">
                  Click the map to place the area&apos;s centre.
                </p>
                <div className="h-64 overflow-hidden rounded-lg border">
                  <LazyEventsMap
                    center={values}
                    zoom={10}
                    pins={[
                      {
                        id: "centre",
                        latitude: values.latitude,
                        longitude: values.longitude,
                        label: "The area's centre",
                      },
                    ]}
                    circleKm={values.radiusKm}
                    onPlace={(p) => setValues((v) => ({ ...v, latitude: p.latitude, longitude: p.longitude }))}
                    label="Map: click to place the area's centre"
                    className="h-full rounded-none"
                  />
                </div>
                <FormField label="Radius" error={errors.area}>
                  {(control) => (
                    <select
                      {...control}
                      value={values.radiusKm}
                      onChange={(e) => set("radiusKm", Number(e.target.value))}
                      className={`${controlClass} bg-card h-10 max-w-40`}
                    >
                      {AD_RADII_KM.map((r) => (
                        <option key={r} value={r}>
                          {r} km
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </div>
            ) : null}
            {pair(
              <>
                <FormField label="Youngest age" error={errors.ageMin} hint="18 to 99; empty for no limit.">
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={18}
                    max={99}
                    value={values.ageMin}
                    onChange={(e) => set("ageMin", e.target.value)}
                  />
                </FormField>
                <FormField label="Oldest age" error={errors.ageMax}>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={18}
                    max={99}
                    value={values.ageMax}
                    onChange={(e) => set("ageMax", e.target.value)}
                  />
                </FormField>
              </>,
            )}
            <FormField
              label="Interests"
              error={errors.interests}
              hint={`Members with any of them; none for everyone. Up to ${MAX_INTERESTS}: press Enter after each.`}
            >
              <Input
                value={interest}
                onChange={(e) => setInterest(e.target.value)}
                onKeyDown={onInterestKey}
                onBlur={addInterest}
                disabled={values.interests.length >= MAX_INTERESTS}
              />
            </FormField>
            {values.interests.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Chosen interests">
                {values.interests.map((i) => (
                  <li key={i} className="inline-flex items-center gap-1 rounded-pill border py-0.5 pr-1 pl-2.5 text-sm">
                    {i}
                    <button
                      type="button"
                      onClick={() =>
                        set(
                          "interests",
                          values.interests.filter((x) => x !== i),
                        )
                      }
                      aria-label={`Remove ${i}`}
                      className="grid size-5 place-items-center rounded-pill hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
        </Card>

        <Card className="grid gap-4 p-4">
          <fieldset className="grid gap-4">
            <legend className={legend}>When and how often</legend>
            <TimeRangeFields
              values={values}
              errors={errors}
              onChange={(change) => setValues((v) => ({ ...v, ...change }))}
              zoneHint="The times above, and the caps' days, are read in it."
            />
            {pair(
              <>
                <FormField
                  label="Frequency cap"
                  required
                  error={errors.frequencyCap}
                  hint={`At most this many times a day per member (1 to ${AD_FREQUENCY_CAP_MAX}).`}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={AD_FREQUENCY_CAP_MAX}
                    value={values.frequencyCap}
                    onChange={(e) => set("frequencyCap", e.target.value)}
                  />
                </FormField>
                <FormField
                  label="Weight"
                  required
                  error={errors.weight}
                  hint={`1 to ${AD_WEIGHT_MAX}: a heavier campaign is chosen more often.`}
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={AD_WEIGHT_MAX}
                    value={values.weight}
                    onChange={(e) => set("weight", e.target.value)}
                  />
                </FormField>
                <FormField
                  label="Daily cap"
                  error={errors.dailyCap}
                  hint="Impressions a day in all; empty for none. Spread evenly over the day."
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={values.dailyCap}
                    onChange={(e) => set("dailyCap", e.target.value)}
                  />
                </FormField>
                <FormField
                  label="Total cap"
                  error={errors.totalCap}
                  hint="Impressions over the whole campaign; empty for none."
                >
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    value={values.totalCap}
                    onChange={(e) => set("totalCap", e.target.value)}
                  />
                </FormField>
              </>,
            )}
          </fieldset>
        </Card>

        <FormServerError message={serverError} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="submit"
            name="then"
            value="save"
            variant={id ? "primary" : "secondary"}
            size="lg"
            busy={save.isPending && !start.isPending}
            disabled={uploading || busy}
          >
            {id ? "Save changes" : "Save as draft"}
          </Button>
          {!id ? (
            <Button
              type="submit"
              name="then"
              value="start"
              size="lg"
              busy={start.isPending}
              disabled={uploading || busy}
            >
              Save and start
            </Button>
          ) : null}
        </div>
      </form>
      <div className="lg:sticky lg:top-4">
        <AdPreview
          ad={{
            advertiser: values.advertiser || "Advertiser",
            headline: values.headline || "Your headline",
            body: values.body || "Your text",
            callToAction: values.callToAction,
            imageUrl: values.imageUrl,
          }}
        />
      </div>
    </div>
  );
}

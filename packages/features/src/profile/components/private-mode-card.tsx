import { useId } from "react";
import { EyeOff } from "lucide-react";
import { Alert, cn, Label, Spinner } from "@vicinity/ui";
import { SettingsSection } from "./settings-section";

export interface PrivateModeCardProps {
  enabled: boolean;
  /** The change is being saved: the switch shows the new position and waits. */
  saving: boolean;
  error?: string | null;
  onChange: (enabled: boolean) => void;
}

export const PRIVATE_MODE_EXPLAINED = "Hides your distance ('Distance hidden') and keeps you off the map.";

/** decisions.md 6: private mode, saved through PUT /api/users/profile {privateMode}. */
export function PrivateModeCard({ enabled, saving, error, onChange }: PrivateModeCardProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <SettingsSection id="privacy" title="Privacy" icon={<EyeOff />}>
      <div className="grid gap-3">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={id} className="text-base">
              Private mode
            </Label>
            <p id={descriptionId} className="text-sm text-muted-foreground">
              {PRIVATE_MODE_EXPLAINED}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2 pt-0.5">
            {saving ? <Spinner size="sm" label="Saving private mode" className="text-muted-foreground" /> : null}
            <button
              id={id}
              type="button"
              role="switch"
              aria-checked={enabled}
              aria-describedby={descriptionId}
              disabled={saving}
              onClick={() => onChange(!enabled)}
              className={cn(
                "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-pill border-2 border-transparent transition-colors duration-(--duration-fast) focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-progress disabled:opacity-70",
                enabled ? "bg-accent" : "bg-muted-foreground/40",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "block size-6 rounded-full bg-white shadow-sm transition-transform duration-(--duration-fast)",
                  enabled ? "translate-x-5" : "translate-x-0",
                )}
              />
            </button>
          </div>
        </div>
        <p className="text-sm font-medium" data-testid="private-mode-status">
          {enabled
            ? "On: others see 'Distance hidden' and you are not on the map."
            : "Off: others see how far away you are."}
        </p>
        {error ? <Alert>{error}</Alert> : null}
      </div>
    </SettingsSection>
  );
}

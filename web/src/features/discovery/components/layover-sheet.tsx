import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Limits, type LayoverView } from '@aero/contracts/shared';
import { Button, TextField, toast } from '../../../components';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField, SwitchField, useSearchText } from '../../../components/controls';
import { useErrorText, useT } from '../../../i18n';
import { isApiError } from '../../../lib/http';
import { useSearchAirportsQuery } from '../../../lib/airports-api';
import { useSearchPlacesQuery } from '../../../lib/shared-api';
import { useSearchResults } from '../../../lib/use-search-results';
import { useCancelLayoverMutation, useSaveLayoverMutation } from '../api/discovery-api';
import { defaultWindow } from '../lib/layover';
import { type LayoverTimeField, layoverTimeFieldOf, layoverTimesProblem } from '../lib/layover-times';
import { Sheet } from './sheet';
import { theme } from '../../../theme';

// The layover sheet (beyond spec): where (an airport or a US city, never a hotel) and when, in
// the local time there. A chunk of its own, fetched when the chip is tapped.

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.lg};
  .times { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${theme.space.md}; }
`;

type PlaceChoice = { airport: string | null; city: string | null; label: string; timeZone?: string };
type Suggestion = PlaceChoice & { key: string };

/** airports first (code, city and state), then US cities, at most 5 together */
function usePlaceSuggestions() {
  const search = useSearchText(Limits.airportSearchMinChars);
  const airports = useSearchAirportsQuery(search.query, { skip: search.query.length < Limits.airportSearchMinChars });
  const places = useSearchPlacesQuery(search.query, { skip: search.query.length < Limits.locationSearchMinChars });
  const foundAirports = useSearchResults(airports);
  const foundPlaces = useSearchResults(places);
  const suggestions: Suggestion[] = search.searching
    ? [
        ...foundAirports.slice(0, 3).map((a) => ({ key: `a-${a.code}`, airport: a.code, city: null, label: a.label, timeZone: a.timeZone })),
        ...foundPlaces.map((p) => ({ key: `c-${p.label}`, airport: null, city: p.label, label: p.label, timeZone: p.timeZone })),
      ].slice(0, Limits.locationSearchShow)
    : [];
  return { ...search, suggestions, busy: airports.isFetching || places.isFetching };
}

export function LayoverSheet({ open, layover, onOpenChange, onChanged }: { open: boolean; layover: LayoverView | null; onOpenChange: (open: boolean) => void; onChanged: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const formId = useId();
  const [place, setPlace] = useState<PlaceChoice | null>(layover ? { airport: layover.airport, city: layover.airport ? null : layover.label, label: layover.airport ? `${layover.airport} · ${layover.label}` : layover.label } : null);
  const [times, setTimes] = useState(() => (layover ? { arrivesAt: layover.localArrivesAt, departsAt: layover.localDepartsAt } : defaultWindow(new Date())));
  // until the member changes the times, they follow the clock of the place chosen
  const [timesTouched, setTimesTouched] = useState(!!layover);
  const [verifiedCrewOnly, setVerifiedCrewOnly] = useState(layover?.verifiedCrewOnly ?? false);
  const [placeError, setPlaceError] = useState<string | undefined>();
  /** what is wrong with the times, shown under the field it is about */
  const [timeError, setTimeError] = useState<{ field: LayoverTimeField; text: string } | null>(null);
  const timeFields = useRef<Partial<Record<LayoverTimeField, HTMLInputElement | null>>>({});
  /** the member is taken to the time that is wrong */
  const showTimeError = (field: LayoverTimeField, text: string) => {
    setTimeError({ field, text });
    timeFields.current[field]?.focus();
  };
  const changeTime = (field: LayoverTimeField, value: string) => {
    setTimesTouched(true);
    setTimes((w) => ({ ...w, [field]: value }));
    setTimeError(null);
  };
  const search = usePlaceSuggestions();
  const [save, { isLoading: saving }] = useSaveLayoverMutation();
  const [cancel, { isLoading: cancelling }] = useCancelLayoverMutation();
  const busy = saving || cancelling;

  const submit = async () => {
    if (!place) {
      setPlaceError(t('messages.layoverPlaceUnknown'));
      return;
    }
    const timesProblem = layoverTimesProblem(times);
    if (timesProblem) {
      showTimeError(timesProblem.field, t(timesProblem.text));
      return;
    }
    try {
      await save({ airport: place.airport, city: place.city, ...times, verifiedCrewOnly }).unwrap();
      toast({ title: t('discovery.layover.saved') });
      onChanged();
    } catch (error) {
      const field = isApiError(error) ? layoverTimeFieldOf(error.code) : null;
      if (field) showTimeError(field, errorText(error, 'common.tryAgain'));
      else toast({ variant: 'destructive', title: t('discovery.layover.failed'), description: errorText(error, 'common.tryAgain') });
    }
  };

  // a layover is cancelled once the member says so: the button stands beside 'Save layover'
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancelLayover = async () => {
    try {
      await cancel().unwrap();
      toast({ title: t('discovery.layover.cancelled') });
      onChanged();
    } catch (error) {
      toast({ variant: 'destructive', title: t('discovery.layover.cancelFailed'), description: errorText(error, 'common.tryAgain') });
    } finally {
      setConfirmingCancel(false);
    }
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('discovery.layover.title')}
      description={t('discovery.layover.description')}
      closeLabel={t('discovery.layover.close')}
      footer={
        <>
          {layover && (
            <Button $variant="outline" disabled={busy} onClick={() => setConfirmingCancel(true)}>
              {t('discovery.layover.cancel')}
            </Button>
          )}
          <Button $variant="accent" type="submit" form={formId} disabled={busy}>
            {t('discovery.layover.save')}
          </Button>
        </>
      }
    >
      <StyledForm
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <SearchField
          label={t('discovery.layover.place')}
          placeholder={t('discovery.layover.placePlaceholder')}
          listLabel={t('airport.suggestions')}
          text={search.typed ?? place?.label ?? ''}
          suggestions={search.suggestions}
          busy={search.busy}
          keyOf={(s) => s.key}
          render={(s) => s.label}
          error={placeError}
          onType={(text) => {
            search.setTyped(text);
            setPlace(null);
            setPlaceError(undefined);
            setTimeError(null);
          }}
          onChoose={(s) => {
            setPlace({ airport: s.airport, city: s.city, label: s.label });
            // a refusal of the times may have been the old place's clock's
            setTimeError(null);
            search.setTyped(null);
            if (!timesTouched && s.timeZone) setTimes(defaultWindow(new Date(), s.timeZone));
          }}
        />
        <div className="times">
          {(['arrivesAt', 'departsAt'] as const).map((field) => (
            <TextField
              key={field}
              ref={(el) => {
                timeFields.current[field] = el;
              }}
              label={t(field === 'arrivesAt' ? 'discovery.layover.arrival' : 'discovery.layover.departure')}
              type="datetime-local"
              required
              value={times[field]}
              error={timeError?.field === field ? timeError.text : undefined}
              onChange={(e) => changeTime(field, e.target.value)}
            />
          ))}
        </div>
        <SwitchField label={t('discovery.layover.verifiedOnly')} checked={verifiedCrewOnly} onChange={setVerifiedCrewOnly} />
      </StyledForm>
      <ConfirmDialog
        open={confirmingCancel}
        title={t('discovery.layover.cancelConfirmTitle')}
        confirmLabel={t('discovery.layover.cancel')}
        cancelLabel={t('discovery.layover.keep')}
        pending={cancelling}
        onConfirm={() => void cancelLayover()}
        onCancel={() => setConfirmingCancel(false)}
      >
        {t('discovery.layover.cancelConfirmText')}
      </ConfirmDialog>
    </Sheet>
  );
}

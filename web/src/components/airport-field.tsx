import { useState } from 'react';
import { Limits, type AirportView } from '@aero/contracts/shared';
import { useT } from '../i18n';
import { useSearchAirportsQuery } from '../lib/airports-api';
import { SearchField, useSearchText } from './search-field';

/**
 * An airport by search (beyond spec): a code, a city or a word of the name from `Limits.airportSearchMinChars` characters,
 * at most 5 US airports. `code` is the chosen airport; emptying the field chooses none. With
 * `keepChoice` false the field empties after each choice (adding to a list). A code typed in
 * full (DEN) that the search found is chosen when the member leaves the field without tapping its
 * suggestion: they meant it (only then: 'San' on the way to 'San Francisco' is no choice of SAN).
 */
export function AirportField({ label, code, onChange, error, keepChoice = true }: { label: string; code: string | null; onChange: (airport: AirportView | null) => void; error?: string; keepChoice?: boolean }) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const { typed, setTyped, query, searching } = useSearchText(Limits.airportSearchMinChars);
  const { data, isFetching } = useSearchAirportsQuery(query, { skip: query.length < Limits.airportSearchMinChars });
  const suggestions = searching ? (data ?? []).slice(0, Limits.locationSearchShow) : [];
  const choose = (a: AirportView) => {
    setChosen(a.label);
    setTyped(null);
    onChange(a);
  };
  return (
    <SearchField
      label={label}
      placeholder={t('airport.placeholder')}
      listLabel={t('airport.suggestions')}
      text={typed ?? (keepChoice ? (chosen ?? code ?? '') : '')}
      suggestions={suggestions}
      busy={isFetching}
      keyOf={(a) => a.code}
      render={(a) => (
        <span>
          <strong>{a.code}</strong> · {a.city}, {a.state}
        </span>
      )}
      error={error}
      onType={(text) => {
        setTyped(text);
        if (!text.trim() && keepChoice) onChange(null);
      }}
      onChoose={choose}
      onLeave={() => {
        const typedCode = keepChoice && typed ? (data ?? []).find((a) => a.code === typed.trim().toUpperCase()) : undefined;
        if (typedCode) choose(typedCode);
      }}
    />
  );
}

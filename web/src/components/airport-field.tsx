import { useEffect, useState } from 'react';
import { Limits, type AirportView } from '@aero/contracts/shared';
import { useT } from '../i18n';
import { useSearchAirportsQuery } from '../lib/airports-api';
import { SearchField, useSearchText } from './search-field';

/**
 * An airport by search (beyond spec): a code, a city or a word of the name from `Limits.airportSearchMinChars` characters,
 * at most 5 US airports. `code` is the chosen airport; emptying the field chooses none. With
 * `keepChoice` false the field empties after each choice (adding to a list). A code typed in
 * full (DEN) is chosen as soon as the search finds it, without a tap on the suggestion: a member
 * who typed it and saved meant it.
 */
export function AirportField({ label, code, onChange, error, keepChoice = true }: { label: string; code: string | null; onChange: (airport: AirportView | null) => void; error?: string; keepChoice?: boolean }) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const { typed, setTyped, query, searching } = useSearchText(Limits.airportSearchMinChars);
  const { data, isFetching } = useSearchAirportsQuery(query, { skip: query.length < Limits.airportSearchMinChars });
  const suggestions = searching ? (data ?? []).slice(0, Limits.locationSearchShow) : [];
  const typedCode = keepChoice && typed ? (data ?? []).find((a) => a.code === typed.trim().toUpperCase()) : undefined;
  useEffect(() => {
    if (typedCode && typedCode.code !== code) onChange(typedCode);
  }, [typedCode, code, onChange]);
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
      onChoose={(a) => {
        setChosen(a.label);
        setTyped(null);
        onChange(a);
      }}
    />
  );
}

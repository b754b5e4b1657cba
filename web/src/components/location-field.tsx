import type { Ref } from 'react';
import { useT } from '../i18n';
import { Limits } from '@aero/contracts/shared';
import { useSearchPlacesQuery, type PlaceSuggestion } from '../lib/shared-api';
import { useSearchResults } from '../lib/use-search-results';
import type { PlaceValue } from '../lib/profile-text-fields';
import { SearchField, useSearchText } from './search-field';

/**
 * Location with search suggestions (spec §5): from 3 characters, 300 ms after typing stops, at
 * most 5 US places; choosing one gives 'City, State' and its coordinates, and typing again drops
 * them (the forms accept a location only with them: `placeField`). Takes a form library's field
 * (`onBlur`, `inputRef`).
 */
export function LocationField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  label,
}: {
  value: PlaceValue;
  onChange: (v: PlaceValue) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  label?: string;
}) {
  const t = useT();
  const { setTyped, query, searching } = useSearchText();
  const search = useSearchPlacesQuery(query, { skip: query.length < Limits.locationSearchMinChars });
  const found = useSearchResults(search);
  const suggestions: PlaceSuggestion[] = searching ? found.slice(0, Limits.locationSearchShow) : [];
  return (
    <SearchField
      label={label ?? t('location.label')}
      placeholder={t('location.placeholder')}
      listLabel={t('location.suggestions')}
      text={value.location}
      suggestions={suggestions}
      busy={search.isFetching}
      keyOf={(s) => `${s.label}-${s.latitude}-${s.longitude}`}
      render={(s) => s.label}
      error={error}
      inputRef={inputRef}
      onLeave={onBlur}
      onType={(text) => {
        setTyped(text);
        onChange({ location: text, latitude: null, longitude: null });
      }}
      onChoose={(s) => {
        onChange({ location: s.label, latitude: String(s.latitude), longitude: String(s.longitude) });
        setTyped(null);
      }}
    />
  );
}

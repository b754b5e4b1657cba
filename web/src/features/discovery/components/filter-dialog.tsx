import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FORM_MODE } from '../../../lib/forms';
import { valibotResolver } from '@hookform/resolvers/valibot';
import styled from 'styled-components';
import { FilterOptions, Limits } from '@aero/contracts/shared';
import { Button, CloseIcon, TextField } from '../../../components';
import { AirportField } from '../../../components/controls';
import { useOptionLabel, useT } from '../../../i18n';
import { useFieldError } from '../../../lib/use-field-error';
import { AGE_PLACEHOLDERS, airlineChoices, filterSchema, filtersFromForm, formFromFilters, positionChoices, type FilterForm } from '../lib/filter-form';
import { NO_FILTERS, type DeckFilters } from '../lib/filters';
import { Sheet } from './sheet';
import { theme } from '../../../theme';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xl};
`;

const StyledGroup = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  legend { padding: 0; margin-bottom: ${theme.space.sm}; font-weight: ${theme.font.weight.bold}; }
  .ages { display: grid; grid-template-columns: 1fr 1fr; gap: ${theme.space.md}; align-items: start; }
  .ages > * { min-width: 0; }
  .ages input { width: 100%; }
`;

const StyledChips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

const StyledChip = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space.lg};
  border-radius: ${theme.radius.pill};
  border: 1.5px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  cursor: pointer;
  transition: background 120ms ease, border-color 120ms ease, color 120ms ease;
  /* the whole chip is the checkbox's hit area */
  input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
  &:has(input:checked) {
    background: ${theme.colors.accent};
    border-color: ${theme.colors.accent};
    color: ${theme.colors.onAccent};
  }
  &:has(input:focus-visible) { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

const StyledSegments = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  padding: 4px;
  gap: 4px;
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.backgroundAlt};
  label {
    position: relative;
    display: grid;
    place-items: center;
    min-height: ${theme.touchTarget};
    border-radius: ${theme.radius.pill};
    font-weight: ${theme.font.weight.semibold};
    font-size: ${theme.font.size.sm};
    cursor: pointer;
  }
  input { position: absolute; inset: 0; width: 100%; height: 100%; margin: 0; opacity: 0; cursor: pointer; }
  label:has(input:checked) { background: ${theme.colors.surfaceRaised}; color: ${theme.colors.text}; box-shadow: ${theme.shadow.card}; }
  label:has(input:focus-visible) { outline: 3px solid ${theme.colors.focus}; }
`;

const StyledAirport = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: ${theme.touchTarget};
  padding: 0 ${theme.space.md} 0 ${theme.space.lg};
  border-radius: ${theme.radius.pill};
  border: 1.5px solid ${theme.colors.accent};
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  font-weight: ${theme.font.weight.semibold};
  cursor: pointer;
`;

/**
 * The filter dialog (spec §2, §3 lists, §5 rules): ages (placeholders 18 and 65), airlines,
 * positions and who to show. Apply saves them and restarts the deck; Clear goes back to everyone.
 */
export function FilterDialog({ open, filters, pending, onOpenChange, onApply }: { open: boolean; filters: DeckFilters; pending: boolean; onOpenChange: (open: boolean) => void; onApply: (filters: DeckFilters) => void }) {
  const t = useT();
  const optionLabel = useOptionLabel();
  const formId = useId();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FilterForm>({ mode: FORM_MODE, resolver: valibotResolver(filterSchema), defaultValues: formFromFilters(filters) });
  const fieldError = useFieldError(errors);
  const baseAirports = watch('baseAirports') ?? [];
  const setBaseAirports = (next: string[]) => setValue('baseAirports', next, { shouldDirty: true });

  // each opening starts from the saved filters
  useEffect(() => {
    if (open) reset(formFromFilters(filters));
  }, [open, filters, reset]);

  const clear = () => {
    reset(formFromFilters(NO_FILTERS));
    onApply(NO_FILTERS);
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('discovery.filters.title')}
      description={t('discovery.filters.description')}
      closeLabel={t('discovery.filters.close')}
      footer={
        <>
          <Button $variant="outline" disabled={pending} onClick={clear}>
            {t('discovery.filters.clear')}
          </Button>
          <Button $variant="accent" type="submit" form={formId} disabled={pending}>
            {t('discovery.filters.apply')}
          </Button>
        </>
      }
    >
      <StyledForm id={formId} noValidate onSubmit={handleSubmit((values) => onApply(filtersFromForm(values)))}>
        <StyledGroup>
          <legend>{t('discovery.filters.ageRange')}</legend>
          <div className="ages">
            <TextField label={t('discovery.filters.minAge')} type="number" inputMode="numeric" placeholder={String(AGE_PLACEHOLDERS.min)} error={fieldError('minAge')} {...register('minAge')} />
            <TextField label={t('discovery.filters.maxAge')} type="number" inputMode="numeric" placeholder={String(AGE_PLACEHOLDERS.max)} error={fieldError('maxAge')} {...register('maxAge')} />
          </div>
        </StyledGroup>
        <StyledGroup>
          <legend>{t('discovery.filters.gender')}</legend>
          <StyledSegments>
            {FilterOptions.gender.map((g) => (
              <label key={g}>
                <input type="radio" value={g} {...register('gender')} />
                {t(`discovery.filters.showMe.${g}`)}
              </label>
            ))}
          </StyledSegments>
        </StyledGroup>
        <StyledGroup>
          <legend>{t('discovery.filters.airlines')}</legend>
          <StyledChips>
            {airlineChoices(filters.airlines).map((a) => (
              <StyledChip key={a}>
                <input type="checkbox" value={a} {...register('airlines')} />
                {a}
              </StyledChip>
            ))}
          </StyledChips>
        </StyledGroup>
        <StyledGroup>
          <legend>{t('discovery.filters.positions')}</legend>
          <StyledChips>
            {positionChoices(filters.positions).map((p) => (
              <StyledChip key={p}>
                <input type="checkbox" value={p} {...register('positions')} />
                {optionLabel('position', p)}
              </StyledChip>
            ))}
          </StyledChips>
        </StyledGroup>
        <StyledGroup>
          <legend>{t('discovery.filters.baseAirports')}</legend>
          {baseAirports.length > 0 && (
            <StyledChips>
              {baseAirports.map((code) => (
                <StyledAirport key={code} aria-label={t('discovery.filters.removeBaseAirport', { code })} onClick={() => setBaseAirports(baseAirports.filter((c) => c !== code))}>
                  {code} <CloseIcon size={14} />
                </StyledAirport>
              ))}
            </StyledChips>
          )}
          {baseAirports.length < Limits.filterMaxBaseAirports && (
            <AirportField label={t('discovery.filters.addBaseAirport')} code={null} keepChoice={false} onChange={(a) => a && !baseAirports.includes(a.code) && setBaseAirports([...baseAirports, a.code])} error={fieldError('baseAirports')} />
          )}
        </StyledGroup>
      </StyledForm>
    </Sheet>
  );
}
